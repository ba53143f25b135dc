import type { Generated } from 'kysely';

/** Row types of every table. Times are ISO-8601 UTC strings; money is BIGINT micro-USDT (bigint in code). */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string;
  invite_code: string;
  inviter_id: number | null;
  house_code: string | null;
  vip_level: Generated<number>;
  lang: string;
  status: Generated<string>;
  created_at: string;
  password_changed_at: string | null;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  touched_at: string;
}

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  totp_secret: string;
  totp_last_step: Generated<number>;
  status: Generated<string>;
  created_at: string;
  last_login_at: string | null;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  created_at: string;
  expires_at: string;
  touched_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  operator_id: number | null;
  operator_email: string | null;
  action: string;
  target: string;
  detail: string;
  prev_hash: string;
  hash: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface HouseInviteCodesTable {
  code: string;
  active: number;
  created_at: string;
}

export interface AccountsTable {
  id: Generated<number>;
  owner: string;
  user_id: number | null;
  kind: string;
  currency: string;
  balance: bigint | number | string;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
  email_codes: EmailCodesTable;
  sessions: SessionsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  house_invite_codes: HouseInviteCodesTable;
  accounts: AccountsTable;
}
