"""torch.utils: data loading (torch.utils.data)."""
