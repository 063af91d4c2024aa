// Log in and sign up. The server's messages never say whether an e-mail has an account.
import { useState, type FormEvent } from 'react';
import { useMutation } from '../api.ts';
import { ErrorNote, Field, fieldError } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { Link } from '../router.tsx';

const LogInDocument = graphql(`
  mutation LogInViewer($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }
`);
const SignUpDocument = graphql(`
  mutation SignUpViewer($email: String!, $password: String!) { signUp(email: $email, password: $password) { id } }
`);

export function AuthPage({ mode, onSignedIn }: { mode: 'login' | 'signup'; onSignedIn: () => Promise<void> }) {
  const logIn = useMutation(LogInDocument);
  const signUp = useMutation(SignUpDocument);
  const action = mode === 'login' ? logIn : signUp;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const next = location.search;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await action.run({ email, password })) await onSignedIn();
  };

  return (
    <main className="centered" id="content">
      <form className="card auth" onSubmit={submit} noValidate>
        <p className="brand">Clarion</p>
        <h1>{mode === 'login' ? 'Log in' : 'Create your account'}</h1>
        <Field label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fieldError(action.error, 'email')} autoFocus />
        <Field
          label="Password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          minLength={10}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={mode === 'signup' ? 'At least 10 characters.' : undefined}
          error={fieldError(action.error, 'password')}
        />
        <ErrorNote error={action.error} fields={['email', 'password']} />
        <button type="submit" disabled={action.pending}>
          {action.pending ? 'Please wait…' : mode === 'login' ? 'Log in' : 'Sign up'}
        </button>
        <p className="switch">
          {mode === 'login' ? (
            <>
              New to Clarion? <Link to={`/signup${next}`}>Create an account</Link>
            </>
          ) : (
            <>
              Have an account? <Link to={`/login${next}`}>Log in</Link>
            </>
          )}
        </p>
      </form>
    </main>
  );
}
