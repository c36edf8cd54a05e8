"""`gradcli --help-all`: the manual — the help of the command and of every subcommand, one after another, in the
order `gradcli --help` lists them."""


def print_manual(ctx):
    """Print the root help, then each command's help under a `gradcli NAME` heading."""
    group = ctx.command
    print(ctx.get_help())
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        print("\n%s gradcli %s %s" % ("═" * 12, name, "═" * max(3, 56 - len(name))))
        print(command.get_help(type(ctx)(command, info_name=name, parent=ctx)))
