// The registration form's strength meter (spec section 5): under 6 characters Too short; 6 to 7 Weak;
// 8 or more with a lowercase letter, an uppercase letter and a digit Strong; otherwise Fair.
export type PasswordStrength = 'Too short' | 'Weak' | 'Fair' | 'Strong';

export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < 6) return 'Too short';
  if (length < 8) return 'Weak';
  if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)) return 'Strong';
  return 'Fair';
}

/** How many of the meter's four bars are filled, for the visual meter. */
export const strengthLevel: Record<PasswordStrength, number> = {
  'Too short': 1,
  Weak: 2,
  Fair: 3,
  Strong: 4,
};
