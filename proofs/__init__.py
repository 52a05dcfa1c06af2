"""Z3 proofs of the rules' invariants over every position of the 30-point pyramid, and a
declarative model of the rules that the engine is checked against."""
