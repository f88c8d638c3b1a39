//! The member's account: order and points history, rewards and their redemption, cards.

use serde_json::{Value, json};

use super::{Envelope, Provider, required};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::CardCode;
use crate::domain::route::Route;
use crate::events;
use crate::store::cards::{self, Added};
use crate::store::{history, offers, unix_now};
use platform::tokens::new_token;

impl Provider {
    pub(super) async fn order_history(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let orders =
            history::orders(self.store.pool(), &owner.member_id, route.max_results()).await?;
        Ok(json!({ "orders": orders }))
    }

    pub(super) async fn transaction_history(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let transactions =
            history::transactions(self.store.pool(), &owner.member_id, route.max_results()).await?;
        Ok(json!({ "transactions": transactions }))
    }

    /// Rewards in display order, each saying whether the balance covers it.
    pub(super) async fn rewards_listing(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let member = self.member(&owner.member_id).await?;
        let rewards: Vec<Value> = offers::rewards(self.store.pool(), &envelope.site_id)
            .await?
            .into_iter()
            .map(|reward| {
                let mut entry = json!(reward);
                entry["canRedeem"] = json!(member.points >= reward.points_cost);
                entry
            })
            .collect();
        Ok(json!({ "rewards": rewards, "balances": member.details()["balances"] }))
    }

    /// Orders a reward: `{rewardId}`; the answer's orderId confirms it.
    pub(super) async fn order_loyalty_item(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let reward_id = required(&envelope.payload, "rewardId")?;
        let order_id = new_token()?;
        let ordered = offers::order_reward(
            self.store.pool(),
            &envelope.site_id,
            &owner.member_id,
            &reward_id,
            &order_id,
            unix_now(),
        )
        .await?;
        if !ordered {
            return Err(PeachCode::RewardUnavailable.into());
        }
        Ok(json!({ "orderId": order_id }))
    }

    /// Confirms an ordered reward: `{orderId}`. The order id, unguessable and known only
    /// to the member who ordered, is what authorises it (the route has no session header).
    pub(super) async fn confirm_item_redemption(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let order_id = required(&envelope.payload, "orderId")?;
        let event = self.event(events::REWARD_REDEEMED, route, envelope)?;
        let balance = offers::confirm_redemption(
            self.store.pool(),
            &envelope.site_id,
            &order_id,
            unix_now(),
            &event,
        )
        .await?
        .ok_or(Error::Peach(PeachCode::RewardUnavailable))?;
        self.event_queued();
        Ok(json!({ "orderId": order_id, "balances": [{ "type": "POINTS", "value": balance }] }))
    }

    pub(super) async fn get_cards(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        self.cards_of(&owner.member_id).await
    }

    async fn cards_of(&self, member_id: &str) -> Result<Value, Error> {
        let cards = cards::of_member(self.store.pool(), member_id).await?;
        Ok(json!({ "cards": cards }))
    }

    pub(super) async fn add_card(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let code = card_code(&envelope.payload)?;
        let event = self.event(events::CARD_ADDED, route, envelope)?;
        match cards::add(
            self.store.pool(),
            &envelope.site_id,
            &owner.member_id,
            code.as_str(),
            Some(&event),
        )
        .await?
        {
            Added::Added => {
                self.event_queued();
                self.cards_of(&owner.member_id).await
            }
            Added::AlreadyActive => Err(PeachCode::CardAlreadyActive.into()),
        }
    }

    pub(super) async fn delete_card(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let code = card_code(&envelope.payload)?;
        cards::delete(self.store.pool(), &owner.member_id, code.as_str()).await?;
        self.cards_of(&owner.member_id).await
    }

    pub(super) async fn report_lost_card(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let event = self.event(events::CARD_LOST, route, envelope)?;
        if cards::report_lost(self.store.pool(), &owner.member_id, &event).await? > 0 {
            self.event_queued();
        }
        self.cards_of(&owner.member_id).await
    }
}

fn card_code(payload: &Value) -> Result<CardCode, Error> {
    CardCode::parse(&required(payload, "cardCode")?).ok_or_else(|| {
        Error::BadInput("payload.cardCode must be 6 to 20 letters and digits".into())
    })
}
