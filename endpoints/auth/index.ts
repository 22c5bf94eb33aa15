import {
  endOtherSessions,
  endSession,
  generateBackupCodes,
  getAccountSessions,
  getBackupCodes,
  getSecurityEvents,
} from './accountSecurity'
import { changeEmail, confirmEmailChange } from './email'
import { googleSignIn } from './googleSignIn'
import { getMessagePgpUser, login, loginGoogle, loginPgp, verifyOtpLogin } from './login'
import { changePassword, forgetPassword, resetPassword } from './password'
import { checkUpdatePgp, getMessage, getPgpConfirmation, unplugPgp } from './pgp'
import { getRoles, getUserById, updateUserById } from './profile'
import { registerUser, verifyOtp } from './register'
import { getToken } from './token'
import { generateQrCode, unplugGoogle, verifyOtpSettings } from './totp'

export const authEndpoints = [
  registerUser,
  verifyOtp,
  login,
  loginPgp,
  loginGoogle,
  verifyOtpLogin,
  getMessagePgpUser,
  getToken,
  googleSignIn,
  forgetPassword,
  resetPassword,
  changePassword,
  changeEmail,
  confirmEmailChange,
  getUserById,
  updateUserById,
  getRoles,
  getMessage,
  checkUpdatePgp,
  getPgpConfirmation,
  unplugPgp,
  generateQrCode,
  verifyOtpSettings,
  unplugGoogle,
  getAccountSessions,
  endSession,
  endOtherSessions,
  getSecurityEvents,
  getBackupCodes,
  generateBackupCodes,
]
