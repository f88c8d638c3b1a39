//! JSON objects carried by a message as a `google.protobuf.Struct` (the cypher payload, a
//! site's loyalty settings): typed on the wire, read back as the JSON they were.
//!
//! A Struct holds every number as a double, as JavaScript does: a whole number comes back
//! as an integer, so a field that deserialises into an integer type still does, and one
//! beyond 2^53 arrives rounded, as it would from the browser that sent it.

use prost_types::value::Kind;
use prost_types::{ListValue, Struct, Value as ProtoValue};
use serde_json::{Map, Number, Value};

/// `object` as a Struct.
pub fn to_struct(object: Map<String, Value>) -> Struct {
    Struct {
        fields: object
            .into_iter()
            .map(|(name, value)| (name, to_value(value)))
            .collect(),
    }
}

/// The JSON object a Struct holds.
pub fn from_struct(object: Struct) -> Map<String, Value> {
    object
        .fields
        .into_iter()
        .map(|(name, value)| (name, from_value(value)))
        .collect()
}

fn to_value(value: Value) -> ProtoValue {
    let kind = match value {
        Value::Null => Kind::NullValue(0),
        Value::Bool(flag) => Kind::BoolValue(flag),
        Value::Number(number) => Kind::NumberValue(number.as_f64().unwrap_or(f64::NAN)),
        Value::String(text) => Kind::StringValue(text),
        Value::Array(items) => Kind::ListValue(ListValue {
            values: items.into_iter().map(to_value).collect(),
        }),
        Value::Object(object) => Kind::StructValue(to_struct(object)),
    };
    ProtoValue { kind: Some(kind) }
}

fn from_value(value: ProtoValue) -> Value {
    match value.kind {
        None | Some(Kind::NullValue(_)) => Value::Null,
        Some(Kind::BoolValue(flag)) => Value::Bool(flag),
        Some(Kind::NumberValue(number)) => from_number(number),
        Some(Kind::StringValue(text)) => Value::String(text),
        Some(Kind::ListValue(list)) => {
            Value::Array(list.values.into_iter().map(from_value).collect())
        }
        Some(Kind::StructValue(object)) => Value::Object(from_struct(object)),
    }
}

/// 2^53: above it a double no longer holds every whole number.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

fn from_number(number: f64) -> Value {
    if number.fract() == 0.0 && number.abs() <= EXACT_INTEGERS {
        // Whole and exact: the cast loses nothing.
        #[allow(clippy::cast_possible_truncation)]
        let whole = number as i64;
        Value::Number(Number::from(whole))
    } else {
        Number::from_f64(number).map_or(Value::Null, Value::Number)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn round_trip(value: Value) -> Value {
        let Value::Object(object) = value else {
            panic!("an object");
        };
        Value::Object(from_struct(to_struct(object)))
    }

    #[test]
    fn a_payload_comes_back_as_the_json_it_was() {
        let payload = json!({
            "email": "ada@example.com",
            "remember": true,
            "favourites": ["1", "2"],
            "address": {"city": "Lyon", "line2": null},
            "price": 12.5,
        });
        assert_eq!(round_trip(payload.clone()), payload);
    }

    #[test]
    fn whole_numbers_come_back_as_integers() {
        let back = round_trip(json!({"cinemaId": 7, "negative": -3}));
        assert_eq!(back["cinemaId"].as_i64(), Some(7));
        assert_eq!(back["negative"].as_i64(), Some(-3));
    }
}
