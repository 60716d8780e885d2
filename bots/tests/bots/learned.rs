//! The learned policy's model: the shipped model parses, malformed ones are
//! refused with the place, a hand-written network computes its logits, and
//! the bot plays legal moves through a whole game.

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, GameState, Setup};
use carcassonne_safari_bots::learned::{Model, ModelError, PolicyNet, FEATURES, MODEL};
use carcassonne_safari_bots::{Bot, BotRng};

#[test]
fn shipped_model_parses() {
    let model = Model::parse(MODEL, FEATURES).unwrap();
    assert_eq!(model.features(), FEATURES);
    assert!(model.parameters() > FEATURES);
}

#[test]
fn malformed_models_are_refused() {
    assert_eq!(Model::parse("", FEATURES), Err(ModelError::Header));
    assert_eq!(
        Model::parse("learned-policy 1 features 3 norm 0 0 0 1 1 1", 4),
        Err(ModelError::Features(3, 4))
    );
    // No layer.
    assert_eq!(
        Model::parse("learned-policy 1 features 2 norm 0 0 1 1", 2),
        Err(ModelError::Shape(0))
    );
    // A layer that does not take the input's width.
    assert_eq!(
        Model::parse("learned-policy 1 features 2 norm 0 0 1 1 dense 3 1 0 0 0 0", 2),
        Err(ModelError::Shape(0))
    );
    assert_eq!(
        Model::parse("learned-policy 1 features 2 norm 0 0 1 x dense 2 1 0 0 0", 2),
        Err(ModelError::Number(8))
    );
}

#[test]
fn a_hand_written_network_computes_its_logits() {
    // x standardised: ((1 - 1) * 2, (3 - 1) * 0.5) = (0, 1); hidden
    // relu(1*0 - 1*1 + 0.5, 2*0 + 1*1 + 0) = (0, 1); out 3*0 - 2*1 + 0.25.
    let text = "learned-policy 1 features 2 norm 1 1 2 0.5 \
                dense 2 2 1 -1 2 1 0.5 0 dense 2 1 3 -2 0.25";
    let model = Model::parse(text, 2).unwrap();
    let mut out = Vec::new();
    model.logits(&[1.0, 3.0, 1.0, 1.0], &mut out);
    // Second row: (0, 0); hidden (0.5, 0); out 1.5 + 0.25.
    assert_eq!(out, [-1.75, 1.75]);
}

#[test]
fn plays_legal_moves_through_a_whole_game() {
    let mut bots = [PolicyNet::new(1), PolicyNet::new(2)];
    let mut chance = BotRng::seed_from_u64(3);
    let mut state = GameState::new(&Setup::new(2)).unwrap();
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => state.chance_outcomes().sample(&mut chance).unwrap(),
            Actor::Player(p) => {
                let mv = bots[p.index()].choose(&state).unwrap();
                assert!(state.legal_moves().contains(&mv));
                mv
            }
        };
        state = state.play(mv).unwrap();
    }
    assert!(state.is_over());
    assert!(bots[0].choose(&state).is_err());
}
