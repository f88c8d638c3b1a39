//! The gRPC adapter: proto <-> domain.

use proto::consent::v1 as pb;
use tonic::{Request, Response, Status};

use crate::domain::consent::{ConsentReport, state, trackers_enabled};

#[derive(Debug, Clone, Default)]
pub struct ConsentService;

#[tonic::async_trait]
impl pb::consent_server::Consent for ConsentService {
    async fn evaluate(
        &self,
        request: Request<pb::EvaluateRequest>,
    ) -> Result<Response<pb::EvaluateResponse>, Status> {
        let request = request.into_inner();
        let report = ConsentReport {
            regulation: request.regulation,
            consent_required: request.consent_required,
            vendors: request
                .vendors
                .into_iter()
                .map(|(vendor, status)| (vendor, status.granted))
                .collect(),
            do_not_sell: request.do_not_sell,
            cmp_enabled: request.cmp_enabled,
            launch_script_ready: request.launch_script_ready,
        };
        let decided = state(&report);
        Ok(Response::new(pb::EvaluateResponse {
            state: decided.as_str().to_owned(),
            trackers_enabled: trackers_enabled(&report, decided),
        }))
    }
}
