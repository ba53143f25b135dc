/** The shared wire schemas the forms check before sending; loaded on the first submit, not with the first page. */
export {
  antiPhishingRequest,
  bankAccountRequest,
  changePasswordRequest,
  forgetRequest,
  lixibaoCreateOrderRequest,
  loginRequest,
  rechargeCreateRequest,
  registerRequest,
  saleuCreateRequest,
  saveUserInfoRequest,
  sellingCreateRequest,
  sendCodeRequest,
  tradeAppealRequest,
  tradeCreateRequest,
  wiseAccountRequest,
  withdrawCreateRequest,
} from '@c2c/shared';
