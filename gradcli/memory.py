"""Nothing left: the allocator policy is the gradcli command's (cli.process). This module goes once ops/ no
longer calls large_array_made."""


def large_array_made(nbytes):
    """Once tuned glibc's allocator from the hot path; the library no longer changes its host process."""
