#!/bin/sh
# Reruns the scaling table of the bots README: the search at 2N iterations
# per decision against itself at N, for N = 250, 500, 1000, 2000, two
# players, paired deals with both seatings; then the search at 100 ms per
# decision against the one-ply bot, at 2 players and then in one seat of 3,
# 4 and 5 with the one-ply bot in every other (seats rotated). Iteration budgets, so that the machine's
# load does not change the games (the last row excepted).
#
#   bots/scaling.sh [GAMES]
#
# GAMES (default 200) games a row. Each arena prints its table and a JSON
# line; run it from the workspace root.
set -eu
games=${1:-200}
extra=
cargo build --release -p carcassonne-safari-bots --example arena
arena=target/release/examples/arena
for n in 250 500 1000 2000; do
    "$arena" --players 2 --games "$games" --seed 9101 --threads 2 \
        --bots "mcts:it=$((2 * n))$extra,mcts:it=$n$extra"
done
"$arena" --players 2 --games "$games" --seed 500 --threads 2 \
    --bots "mcts:ms=100$extra,oneply"
for players in 3 4 5; do
    others=$(printf ',oneply%.0s' $(seq 2 "$players"))
    "$arena" --players "$players" --games "$games" --seed 700 --threads 2 \
        --bots "mcts:ms=100$extra$others"
done
