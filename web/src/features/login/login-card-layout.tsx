import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo/logo';
import './login-card-layout.css';

/** The centred card every public page (sign-in, password reset, activation) sits in. */
export function LoginCardLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="login-layout">
      <Card className="login-layout__card" elevation={2}>
        <Logo className="login-layout__logo" />
        <h1 className="login-layout__title">{title}</h1>
        {children}
      </Card>
    </main>
  );
}
