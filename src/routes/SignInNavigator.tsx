import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerSignInNavigator } from '../providers/signInRedirect';

/** Lets the HTTP client send the user to sign-in through the router instead of a full page load. */
export function SignInNavigator() {
  const navigate = useNavigate();
  useEffect(() => registerSignInNavigator((to) => navigate(to)), [navigate]);
  return null;
}
