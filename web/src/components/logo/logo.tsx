import { PRODUCT_NAME } from './product-name';
import './logo.css';

/** The product logo: the mark and the name (spec section 1, shared widgets). */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ? `logo ${className}` : 'logo'}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" />
        <path d="M7 19c5-1 8-5 10-10 1 4 4 6 8 6-3 2-6 2-8 1-2 3-5 4-10 3z" />
      </svg>
      <span className="logo__name">{PRODUCT_NAME}</span>
    </span>
  );
}
