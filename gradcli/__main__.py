from .cli.app import command

command()
