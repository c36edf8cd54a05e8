from .cli.launch import command

command()
