"""torch.utils.data over in-memory data: datasets (dataset.py), samplers with torch's seeded shuffles
(sampler.py) and DataLoader with default_collate (dataloader.py), run in the calling process.

The package imports none of its modules (lang/namespace names the classes scripts reach)."""
