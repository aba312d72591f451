// The wallet service's operations: platform wallet settings, deposits, withdrawals and uploads.
import { z } from './zod.ts';
import type { ApiOperation } from './api-operation.ts';
import {
  AdminDeposit,
  AdminWithdrawal,
  Deposit,
  DepositRequest,
  DepositStatusUpdate,
  ProofLink,
  UploadResult,
  UploadTicket,
  UploadTicketRequest,
  WalletSettings,
  WalletSettingsResponse,
  WalletSettingsUpdate,
  Withdrawal,
  WithdrawalRequest,
  WithdrawalStatusUpdate,
} from './wallet.ts';

export const walletOperations: ApiOperation[] = [
  { method: 'get', path: '/api/wallet-settings', summary: 'The platform deposit address (null until configured)', tag: 'Wallet', auth: 'user', response: WalletSettingsResponse },
  { method: 'get', path: '/api/deposits', summary: 'Own deposits, newest first', tag: 'Wallet', auth: 'user', response: z.array(Deposit) },
  { method: 'post', path: '/api/deposits', summary: 'Declare a deposit (pending until an admin approves it)', tag: 'Wallet', auth: 'user', body: DepositRequest, response: Deposit, status: 201 },
  { method: 'get', path: '/api/deposits/{id}/proof', summary: 'A short-lived link to view the proof (owner or admin)', tag: 'Wallet', auth: 'user', params: true, response: ProofLink },
  { method: 'get', path: '/api/withdrawals', summary: 'Own withdrawals, newest first', tag: 'Wallet', auth: 'user', response: z.array(Withdrawal) },
  { method: 'post', path: '/api/withdrawals', summary: 'Request a withdrawal to a TRC-20 address; the amount is held at once', tag: 'Wallet', auth: 'user', body: WithdrawalRequest, response: Withdrawal, status: 201 },
  { method: 'post', path: '/api/objects/upload', summary: 'A short-lived upload address for one file', tag: 'Uploads', auth: 'user', body: UploadTicketRequest, response: UploadTicket },
  { method: 'put', path: '/api/uploads/deposit-proofs/{token}', summary: 'Upload a deposit proof (image or PDF, at most 5 MB) with the token from /api/objects/upload', tag: 'Uploads', auth: 'public', response: UploadResult },
  { method: 'get', path: '/api/admin/deposits', summary: 'All deposits with their user', tag: 'Admin: wallet', auth: 'admin', response: z.array(AdminDeposit) },
  { method: 'put', path: '/api/admin/deposits/{id}/status', summary: 'Approve (credits once) or reject a pending deposit', tag: 'Admin: wallet', auth: 'admin', params: true, body: DepositStatusUpdate, response: AdminDeposit },
  { method: 'get', path: '/api/admin/withdrawals', summary: 'All withdrawals with their user', tag: 'Admin: wallet', auth: 'admin', response: z.array(AdminWithdrawal) },
  { method: 'put', path: '/api/admin/withdrawals/{id}/status', summary: 'Approve (hold to outflow) or reject (hold back to available) a pending withdrawal', tag: 'Admin: wallet', auth: 'admin', params: true, body: WithdrawalStatusUpdate, response: AdminWithdrawal },
  { method: 'put', path: '/api/admin/wallet-settings', summary: 'Set the platform deposit address', tag: 'Admin: wallet', auth: 'admin', body: WalletSettingsUpdate, response: WalletSettings },
];
