// signup-codes: the codes that let a player sign up, made by an admin or by a partner invitation.
export {
  createSignupCode,
  generatedCodeFirst,
  listSignupCodes,
  signupCodeView,
  unusedCodeMatching,
} from './signup-codes.service'
