import { postJson } from '@/lib/api-client';
import type { ConsentDecision, ConsentEvaluation } from '@/types/api';

// The consent state and whether trackers may run, decided by svc-consent
// (docs/consent-and-ads.md#consent-state).
export function evaluateConsent(evaluation: ConsentEvaluation): Promise<ConsentDecision> {
  return postJson<ConsentDecision>('/api/v1/consent/evaluate', evaluation);
}
