"""Qt widgets and models of BCP 47 Explorer."""
