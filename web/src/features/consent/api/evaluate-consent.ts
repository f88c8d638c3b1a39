import { postJson } from '@/lib/api-client';
import type { ConsentEvaluation } from '../utils/consent-choice';

export type ConsentDecision = {
  state: 'granted' | 'denied' | 'undetermined';
  trackersEnabled: boolean;
};

// The consent state and whether trackers may run, decided by svc-consent (SPEC.md
// section 4 "Consent").
export function evaluateConsent(evaluation: ConsentEvaluation): Promise<ConsentDecision> {
  return postJson<ConsentDecision>('/api/v1/consent/evaluate', evaluation);
}
