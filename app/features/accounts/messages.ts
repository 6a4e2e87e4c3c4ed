/** Account messages shown on pages (client-safe). The wording never says whether an email is registered. */
export const LOGIN_FAILED = "Incorrect email or password.";
export const RESET_REQUESTED =
  "If an account exists for that email, we have sent a link to reset its password. Check your inbox.";
export const RESET_TOKEN_INVALID = "This reset link is invalid, expired or already used. Ask for a new one.";
export const EMAIL_TAKEN = "An account with this email already exists. Log in, or reset your password.";
