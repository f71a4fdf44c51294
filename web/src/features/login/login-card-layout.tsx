import type { ReactNode } from 'react';
import { Logo } from '../../components/logo/logo';
import './login-card-layout.css';

/** The centred card every public page (sign-in, password reset, activation) sits in. */
export function LoginCardLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="login-layout">
      <section className="login-layout__card">
        <Logo className="login-layout__logo" />
        <h1 className="login-layout__title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
