import { postJson } from '@/lib/api-client';
import type { ConsentReceiptRequest } from '../utils/consent-choice';

export type ConsentReceipt = { id: string; recordedAt: string };

// Proof of the visitor's choice, kept by svc-consent.
export function recordConsentReceipt(receipt: ConsentReceiptRequest): Promise<ConsentReceipt> {
  return postJson<ConsentReceipt>('/api/v1/consent/receipts', receipt);
}
