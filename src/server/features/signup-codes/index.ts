// signup-codes: the codes that let a player sign up, made by an admin or by a partner invitation.
export { createSignupCode, findUnusedCode, listSignupCodes, signupCodeView } from './signup-codes.service'
