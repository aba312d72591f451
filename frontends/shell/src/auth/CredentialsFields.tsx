// The email and password a person signs in with, as the sign-in and the unfreeze forms both ask for them (the
// unfreeze request proves the account is theirs the same way a sign-in does).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@cropvest/ui/input';
import { PasswordInput } from '@cropvest/ui/password-input';
import { useAuthMessages } from './messages/catalogue.ts';

export interface CredentialsFieldsProps {
  email: UseFormRegisterReturn<'email'>;
  password: UseFormRegisterReturn<'password'>;
  errors: { email?: { message?: string }; password?: { message?: string } };
}

export function CredentialsFields({ email, password, errors }: CredentialsFieldsProps) {
  const { text } = useAuthMessages();
  return (
    <>
      <TextField
        label={text('shell.auth.email')}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...email}
      />
      <TextField
        label={text('shell.auth.password')}
        error={errors.password?.message}
        control={PasswordInput}
        autoComplete="current-password"
        {...password}
      />
    </>
  );
}
