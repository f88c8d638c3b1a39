//! The gRPC adapter: proto <-> domain, and receipts handed to the store.

use proto::consent::v1 as pb;
use tonic::{Request, Response, Status};

use crate::domain::consent::{ConsentReport, state, trackers_enabled};
use crate::domain::receipt::NewReceipt;
use crate::store::ReceiptStore;

#[derive(Debug, Clone)]
pub struct ConsentService {
    pub receipts: ReceiptStore,
    /// The site of a call that names none (SITE_ID).
    pub default_site: String,
}

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
            state: decided.code().to_owned(),
            trackers_enabled: trackers_enabled(&report, decided),
        }))
    }

    async fn record_receipt(
        &self,
        request: Request<pb::RecordReceiptRequest>,
    ) -> Result<Response<pb::Receipt>, Status> {
        let site = proto::site::named(&request)?
            .unwrap_or(&self.default_site)
            .to_owned();
        let request = request.into_inner();
        let receipt = NewReceipt::parse(
            &request.regulation,
            request.choices,
            &request.policy_version,
            &request.client_address,
        )?;
        let stored = self.receipts.insert(&site, &receipt).await?;
        Ok(Response::new(pb::Receipt {
            id: stored.id,
            recorded_at: stored.recorded_at,
        }))
    }
}
