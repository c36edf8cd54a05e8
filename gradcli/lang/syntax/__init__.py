"""The script language's syntax: the grammar (grammar/gradcli.lark) parsed by the LALR driver (lalr, running
Lark's tables; lalr_tables reads them off Lark's analysis) behind one function (parser.parse), syntax errors in
CPython's words (mistakes), where a node stands (positions). The only importer of lark: the compiler gets the
trees' Tree and Token from here (trees: Lark's two classes without importing Lark, which a command whose tables
are cached never loads)."""

from .trees import Token, Tree  # noqa: F401
