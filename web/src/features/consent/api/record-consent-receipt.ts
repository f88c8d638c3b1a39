import { postJson } from '@/lib/api-client';
import type { ConsentReceipt, ConsentReceiptRequest } from '@/types/api';

// Proof of the visitor's choice, kept by svc-consent.
export function recordConsentReceipt(receipt: ConsentReceiptRequest): Promise<ConsentReceipt> {
  return postJson<ConsentReceipt>('/api/v1/consent/receipts', receipt);
}
