//! The messages' JSON forms, as documented.

use super::*;

#[test]
fn client_messages_read_as_documented() {
    assert_eq!(
        parse_client(r#"{"type":"hello","protocol":1,"token":"abc"}"#),
        Ok(ClientMessage::Hello {
            protocol: 1,
            token: Some(Secret("abc".into())),
            views: true
        })
    );
    assert_eq!(
        parse_client(r#"{"type":"hello","protocol":1,"views":false}"#),
        Ok(ClientMessage::Hello {
            protocol: 1,
            token: None,
            views: false
        })
    );
    assert_eq!(
        parse_client(r#"{"type":"move","seq":7,"move":"pass","ref":3,"extra":1}"#),
        Ok(ClientMessage::Move {
            seq: 7,
            mv: "pass".into(),
            reference: Some(3.into())
        })
    );
    assert_eq!(
        parse_client(r#"{"type":"ping"}"#),
        Ok(ClientMessage::Ping { t: None })
    );
    assert_eq!(
        parse_client(r#"{"type":"takeback","seq":8}"#),
        Ok(ClientMessage::Takeback { seq: 8 })
    );
    assert_eq!(
        parse_client(r#"{"type":"takeback_answer","seq":8,"accept":false}"#),
        Ok(ClientMessage::TakebackAnswer {
            seq: 8,
            accept: false
        })
    );
    // `accept` is a boolean, and needed.
    for bad in [
        r#"{"type":"takeback_answer","seq":8}"#,
        r#"{"type":"takeback_answer","seq":8,"accept":"yes"}"#,
        r#"{"type":"takeback"}"#,
    ] {
        assert_eq!(
            parse_client(bad).map_err(|r| r.code),
            Err(ErrorCode::BadMessage),
            "{bad}"
        );
    }
}

#[test]
fn a_takeback_message_is_as_documented() {
    let message = ServerMessage::Takeback(TakebackMessage {
        game: "G",
        outcome: TakebackOutcome::Declined,
        by: Some(1),
        request: TakebackState {
            seat: 0,
            seq: 8,
            mv: "place 1,0 90",
            agreed: &[true, false],
            needed: &[false, true],
        },
    });
    let value: serde_json::Value = serde_json::from_str(&message.to_json()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"type": "takeback", "game": "G", "outcome": "declined", "by": 1, "seat": 0,
            "seq": 8, "move": "place 1,0 90", "agreed": [true, false], "needed": [false, true]})
    );
}

#[test]
fn ref_and_t_take_any_number_and_echo_it() {
    // docs/protocol.md: `ref` and `t` are "any number".
    for number in ["-1", "2.5", "1e308", "0", "18446744073709551615", "-0.125"] {
        let Ok(ClientMessage::Move { reference, .. }) = parse_client(&format!(
            r#"{{"type":"move","seq":1,"move":"pass","ref":{number}}}"#
        )) else {
            panic!("a move with ref {number} parses")
        };
        let Ok(ClientMessage::Ping { t }) = parse_client(&format!(r#"{{"type":"ping","t":{number}}}"#))
        else {
            panic!("a ping with t {number} parses")
        };
        let expected: serde_json::Value = serde_json::from_str(number).unwrap();
        let pong: serde_json::Value = serde_json::from_str(&ServerMessage::Pong { t }.to_json()).unwrap();
        assert_eq!(pong["t"], expected, "t {number}");
        let error = ErrorMessage {
            code: ErrorCode::Stale,
            message: String::new(),
            seq: None,
            reference,
        };
        let error: serde_json::Value = serde_json::from_str(&ServerMessage::Error(&error).to_json()).unwrap();
        assert_eq!(error["ref"], expected, "ref {number}");
    }
    // More digits than a 64-bit float holds: rounded to one.
    let Ok(ClientMessage::Ping { t }) = parse_client(r#"{"type":"ping","t":18446744073709551616}"#) else {
        panic!("a ping with an integer beyond 64 bits parses")
    };
    let pong: serde_json::Value = serde_json::from_str(&ServerMessage::Pong { t }.to_json()).unwrap();
    assert_eq!(pong["t"].as_f64(), Some(18_446_744_073_709_551_616.0));
    // Beyond a 64-bit float's range: not read.
    assert_eq!(
        parse_client(r#"{"type":"ping","t":1e400}"#).unwrap_err().code,
        ErrorCode::BadJson
    );
    assert_eq!(
        parse_client(r#"{"type":"move","seq":1,"move":"pass","ref":-1e400}"#)
            .unwrap_err()
            .code,
        ErrorCode::BadJson
    );
    // Not numbers.
    for other in [r#""7""#, "true", "[1]", "null"] {
        let move_ = parse_client(&format!(
            r#"{{"type":"move","seq":1,"move":"pass","ref":{other}}}"#
        ));
        let ping = parse_client(&format!(r#"{{"type":"ping","t":{other}}}"#));
        if other == "null" {
            // An absent value.
            assert!(move_.is_ok() && ping.is_ok());
        } else {
            assert_eq!(move_.unwrap_err().code, ErrorCode::BadMessage, "ref {other}");
            assert_eq!(ping.unwrap_err().code, ErrorCode::BadMessage, "t {other}");
        }
    }
}

#[test]
fn parse_client_reads_json_then_type_then_fields() {
    assert_eq!(parse_client(r#"{"type":"sync"}"#), Ok(ClientMessage::Sync));
    assert_eq!(parse_client(r#"{"type":"rematch"}"#), Ok(ClientMessage::Rematch));
    assert_eq!(parse_client("{").unwrap_err().code, ErrorCode::BadJson);
    assert_eq!(
        parse_client(r#"{"type":"resign"}"#).unwrap_err().code,
        ErrorCode::UnknownType
    );
    assert_eq!(
        parse_client(r#"{"type":"move","seq":"x"}"#).unwrap_err().code,
        ErrorCode::BadMessage
    );
}

#[test]
fn each_kind_of_bad_message_has_its_code() {
    let code = |t: &str| parse_client(t).unwrap_err().code;
    assert_eq!(code(""), ErrorCode::BadJson);
    assert_eq!(code("[1,2]"), ErrorCode::BadJson);
    assert_eq!(code(r#"{"type":7}"#), ErrorCode::BadJson);
    assert_eq!(code(r#"{"kind":"move"}"#), ErrorCode::BadJson);
    assert_eq!(code(r#"{"type":"MOVE"}"#), ErrorCode::UnknownType);
    assert_eq!(code(r#"{"type":"move","move":"pass"}"#), ErrorCode::BadMessage);
    assert_eq!(
        code(r#"{"type":"move","seq":-1,"move":"pass"}"#),
        ErrorCode::BadMessage
    );
    assert_eq!(code(r#"{"type":"hello"}"#), ErrorCode::BadMessage);
}

#[test]
fn error_codes_serialise_to_their_names() {
    for code in [
        ErrorCode::BadJson,
        ErrorCode::Stale,
        ErrorCode::SeatIsBot,
        ErrorCode::IllegalMove,
        ErrorCode::NotOver,
    ] {
        assert_eq!(serde_json::to_value(code).unwrap(), code.name());
    }
}

#[test]
fn secrets_do_not_show_in_debug() {
    let m = parse_client(r#"{"type":"hello","protocol":1,"token":"hunter2"}"#).unwrap();
    assert!(!format!("{m:?}").contains("hunter2"));
}
