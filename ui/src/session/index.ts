export {
  checkMobileCode,
  type MobileCodeSent,
  mobileCodeDefaults,
  requestMobileCode,
  requestPasswordReset,
  resendVerificationMail,
  resetPassword,
  type SignupKind,
  signUp,
  verifyEmail,
} from './accounts';
export {
  type ClientLogLevel,
  clientLogLimits,
  flushClientLog,
  logClientEvent,
  startClientLog,
} from './clientLog';
export { ApiError, apiBase, apiFetch, apiJson, isNetworkError, networkError } from './http';
export { loginPath, loginPathFor, nextPageParam, safeNextPage } from './nextPage';
export { readSavedLoginEmail, rememberLoginEmail, savedLoginEmailKey } from './savedLoginEmail';
export {
  adoptRenewedSession,
  adoptTokenPair,
  currentUser,
  getSessionState,
  type SessionState,
  type SignedOutReason,
  signIn,
  signOut,
  signOutEverywhere,
  startSession,
} from './session';
export { tabSignalKeys } from './tabSync';
export { readTokenPair, tokenPairKey } from './tokens';
export { useSession } from './useSession';
