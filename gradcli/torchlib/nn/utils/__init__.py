"""torch.nn.utils: what gradcli has of it, torch.nn.utils.rnn (packed sequences)."""
