/** The shared wire schemas the forms check before sending; loaded on the first submit, not with the first page. */
export {
  changePasswordRequest,
  forgetRequest,
  loginRequest,
  registerRequest,
  saveUserInfoRequest,
  sendCodeRequest,
} from '@c2c/shared';
