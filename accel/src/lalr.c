/* gradcli_lalr: the parse loop of gradcli/lang/syntax/lalr.py's Driver.parse, in C, over the same tables.
 *
 * lalr.py stays the definition and the default: this module runs the loop of a text that parses, building the
 * same trees from the same Python objects (the driver's dicts of actions and gotos, its readers, its Token,
 * Tree and _Inline classes, its _indentation), and each rule's node as _Reduction.build makes it. Anything else
 * it hands back: at a syntax error of any kind - a character no terminal reads, a number glued to a word, a
 * bracket that does not match or nests too deep, a token the parser refuses, an exception from a callback -
 * parse returns None, and lalr.py's loop reads the text from the start and says what is wrong, as it always did.
 *
 *   prepare(tables) -> a capsule       tables: the tuple Driver.compiled_tables() makes (its order below)
 *   parse(text, state, end_state, prepared, lines) -> the tree, or None
 *
 * What it saves over the Python loop: the interpreter's dispatch, and the regex engine for the ASCII tokens
 * whose terminals lalr.py's _fast_readers describes as runs of characters (names, integers, newlines) or as
 * literals (operators). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>

enum { SYMBOLS, ACTIONS, NSTATES, READERS, READER, KEYWORDS, CLASSES, RULES, TOKEN, TREE, INLINE, INDENTATION,
       MAX_BRACKETS, FAST, TABLE_SIZE };

/* a kind's class (Driver.compiled_tables): what the lexer does more with a token of it */
enum { NAME = 1, NUMBER = 2, IGNORE = 4, NEWLINE = 8, OPEN = 16, CLOSE = 32, KEPT = 64 };

/* what stands at either end of a rule's symbols (lalr.py's FILTERED, INLINED, KEPT) */
enum { KEPT_END = 0, FILTERED = 1, INLINED = 2 };

#define NO_ACTION INT16_MIN
#define MAX_OPEN 256  /* the bracket stack's room; the driver's limit (200, CPython's) is below it */
#define MAX_LITERALS 8

typedef struct { Py_ssize_t symbol; int splice; Py_ssize_t nones; } Pick;  /* symbol: 0 for the rule's first */

typedef struct {
    PyObject *name;  /* borrowed from the tables tuple */
    int origin, unit, inline_, single, first, last;
    Py_ssize_t size, nones_after, npicks;
    Pick *picks;
} Rule;

typedef struct {
    enum { SLOW = 0, RUN, LITERALS, DIGITS } how;
    int kind;                             /* RUN, DIGITS: the token's symbol (DIGITS: INT's; FLOAT is `real`) */
    unsigned char run[128], escape[128];  /* RUN: the run's characters; what hands the token to its regex */
    int nliterals;
    struct { const char *text; Py_ssize_t length; int kind; } literals[MAX_LITERALS];
} Fast;

typedef struct {
    PyObject *tuple;  /* owns everything below */
    PyObject *symbols;  /* {kind or nonterminal: its number} */
    PyObject **names;   /* each number's kind, borrowed from `symbols` */
    PyObject *readers, *reader, *keywords, *token, *tree, *inline_, *indentation;
    Py_ssize_t max_brackets, nrules, nstates, nsymbols, width;  /* width: the symbols the actions have columns for */
    Py_ssize_t token_slots[4];  /* where a _Token keeps its type, value, start_pos and _lines (its __slots__) */
    Py_ssize_t tree_slots[4];   /* where a Tree keeps its data, children, _meta and _edges */
    int end_kind, dedent, real;
    int16_t *actions;   /* [state * width + symbol]: >= 0 shift to (or goto) that state, < 0 reduce ~rule */
    unsigned char *classes;  /* [symbol] */
    Rule *rules;
    Fast fast[128];
} Tables;

static PyObject *s_type, *s_value, *s_start_pos, *s_lines, *s_data, *s_children, *s_meta, *s_edges_attribute,
    *s_lastgroup, *s_end, *s_end_kind, *s_dedent, *s_empty, *s_inline_edges, *empty_tuple, *no_edges;

static void tables_free(PyObject *capsule) {
    Tables *t = PyCapsule_GetPointer(capsule, "gradcli_lalr.tables");
    Py_ssize_t i;
    if (!t) return;
    for (i = 0; i < t->nrules; i++) PyMem_Free(t->rules[i].picks);
    PyMem_Free(t->rules);
    PyMem_Free(t->actions);
    PyMem_Free(t->classes);
    PyMem_Free(t->names);
    Py_XDECREF(t->symbols);
    Py_XDECREF(t->tuple);
    PyMem_Free(t);
}

static int shape_error(void) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "prepare: tables of another shape than this module reads");
    return -1;
}

/* The number of a symbol (a kind or a nonterminal), given one at first sight; -1 on error. */
static int symbol(Tables *t, PyObject *name) {
    PyObject *found = PyDict_GetItemWithError(t->symbols, name), *number;
    if (found) return (int)PyLong_AsLong(found);
    if (PyErr_Occurred() || !PyUnicode_Check(name) || t->nsymbols >= INT16_MAX) return shape_error();
    number = PyLong_FromSsize_t(t->nsymbols);
    if (!number || PyDict_SetItem(t->symbols, name, number) < 0) {
        Py_XDECREF(number);
        return -1;
    }
    Py_DECREF(number);
    return (int)t->nsymbols++;
}

/* The number of a kind the lexer made, or -1 where the tables never name it (no state takes it). */
static int kind_number(Tables *t, PyObject *kind) {
    PyObject *found = PyDict_GetItemWithError(t->symbols, kind);
    return found ? (int)PyLong_AsLong(found) : -1;
}

static int read_rule(Tables *t, PyObject *row, Rule *rule) {
    PyObject *picks;
    Py_ssize_t i;
    if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 10) return shape_error();
    rule->origin = symbol(t, PyTuple_GET_ITEM(row, 0));
    rule->unit = PyObject_IsTrue(PyTuple_GET_ITEM(row, 1));
    rule->name = PyTuple_GET_ITEM(row, 2);
    rule->size = PyLong_AsSsize_t(PyTuple_GET_ITEM(row, 3));
    picks = PyTuple_GET_ITEM(row, 4);
    rule->nones_after = PyLong_AsSsize_t(PyTuple_GET_ITEM(row, 5));
    rule->inline_ = PyObject_IsTrue(PyTuple_GET_ITEM(row, 6));
    rule->single = PyObject_IsTrue(PyTuple_GET_ITEM(row, 7));
    rule->first = (int)PyLong_AsLong(PyTuple_GET_ITEM(row, 8));
    rule->last = (int)PyLong_AsLong(PyTuple_GET_ITEM(row, 9));
    if (PyErr_Occurred() || rule->origin < 0 || !PyTuple_Check(picks) || rule->size < 0 ||
        ((rule->first || rule->last) && rule->size == 0))
        return shape_error();
    rule->npicks = PyTuple_GET_SIZE(picks);
    rule->picks = PyMem_Calloc(rule->npicks ? rule->npicks : 1, sizeof(Pick));
    if (!rule->picks) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < rule->npicks; i++) {
        PyObject *pick = PyTuple_GET_ITEM(picks, i);
        Py_ssize_t index;
        if (!PyTuple_Check(pick) || PyTuple_GET_SIZE(pick) != 3) return shape_error();
        index = PyLong_AsSsize_t(PyTuple_GET_ITEM(pick, 0));  /* the Python stack's, from its top: -2 * (size - k) */
        rule->picks[i].symbol = rule->size + index / 2;
        rule->picks[i].splice = PyObject_IsTrue(PyTuple_GET_ITEM(pick, 1));
        rule->picks[i].nones = PyLong_AsSsize_t(PyTuple_GET_ITEM(pick, 2));
        if (PyErr_Occurred() || index >= 0 || index % 2 || rule->picks[i].symbol < 0) return shape_error();
    }
    return 0;
}

static int mark(unsigned char *set, PyObject *characters) {
    Py_ssize_t i, n;
    if (!PyUnicode_Check(characters)) return shape_error();
    n = PyUnicode_GET_LENGTH(characters);
    for (i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ_CHAR(characters, i);
        if (c >= 128) return shape_error();
        set[c] = 1;
    }
    return 0;
}

/* _fast_readers' {character: ("run", kind, characters, escape), ("literals", ((text, kind), ...), escape) or
 * ("digits", "INT", "FLOAT")} */
static int read_fast_readers(PyObject *fast, Tables *t) {
    PyObject *key, *spec;
    Py_ssize_t position = 0;
    if (!PyDict_Check(fast)) return shape_error();
    while (PyDict_Next(fast, &position, &key, &spec)) {
        Fast *f;
        const char *how;
        if (!PyUnicode_Check(key) || PyUnicode_GET_LENGTH(key) != 1 || PyUnicode_READ_CHAR(key, 0) >= 128 ||
            !PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) < 3 || !PyUnicode_Check(PyTuple_GET_ITEM(spec, 0)))
            return shape_error();
        f = &t->fast[PyUnicode_READ_CHAR(key, 0)];
        how = PyUnicode_AsUTF8(PyTuple_GET_ITEM(spec, 0));
        if (!how) return -1;
        if (!strcmp(how, "run") && PyTuple_GET_SIZE(spec) == 4) {
            f->how = RUN;
            if ((f->kind = symbol(t, PyTuple_GET_ITEM(spec, 1))) < 0 || mark(f->run, PyTuple_GET_ITEM(spec, 2)) < 0 ||
                mark(f->escape, PyTuple_GET_ITEM(spec, 3)) < 0)
                return shape_error();
        } else if (!strcmp(how, "digits")) {
            f->how = DIGITS;
            if ((f->kind = symbol(t, PyTuple_GET_ITEM(spec, 1))) < 0 || (t->real = symbol(t, PyTuple_GET_ITEM(spec, 2))) < 0)
                return shape_error();
        } else if (!strcmp(how, "literals") && PyTuple_GET_SIZE(spec) == 3) {
            PyObject *literals = PyTuple_GET_ITEM(spec, 1);
            Py_ssize_t i;
            if (!PyTuple_Check(literals) || PyTuple_GET_SIZE(literals) > MAX_LITERALS ||
                mark(f->escape, PyTuple_GET_ITEM(spec, 2)) < 0)
                return shape_error();
            f->how = LITERALS;
            f->nliterals = (int)PyTuple_GET_SIZE(literals);
            for (i = 0; i < f->nliterals; i++) {
                PyObject *pair = PyTuple_GET_ITEM(literals, i);
                if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) return shape_error();
                f->literals[i].text = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(pair, 0), &f->literals[i].length);
                if (!f->literals[i].text || f->literals[i].length < 1 ||
                    (f->literals[i].kind = symbol(t, PyTuple_GET_ITEM(pair, 1))) < 0)
                    return shape_error();
            }
        } else {
            return shape_error();
        }
    }
    return 0;
}

/* Driver.numbered()'s symbols (each numbered by its place) and actions (int16, state after state). */
static int read_actions(Tables *t, PyObject *symbols, PyObject *actions, PyObject *nstates) {
    Py_ssize_t i;
    if (!PyTuple_Check(symbols) || !PyBytes_Check(actions) || t->nsymbols) return shape_error();
    for (i = 0; i < PyTuple_GET_SIZE(symbols); i++)
        if (symbol(t, PyTuple_GET_ITEM(symbols, i)) != i) return shape_error();  /* (each symbol once) */
    t->width = t->nsymbols;
    t->nstates = PyLong_AsSsize_t(nstates);
    if (t->nstates <= 0 || t->nstates >= INT16_MAX ||
        PyBytes_GET_SIZE(actions) != (Py_ssize_t)sizeof(int16_t) * t->nstates * t->width)
        return shape_error();
    if (!(t->actions = PyMem_Malloc(PyBytes_GET_SIZE(actions)))) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(t->actions, PyBytes_AS_STRING(actions), PyBytes_GET_SIZE(actions));
    for (i = 0; i < t->nstates * t->width; i++)
        if (t->actions[i] >= t->nstates) return shape_error();
    return 0;
}

/* Where instances of `type` keep the __slots__ member `name`: its offset, or -1 on error. */
static Py_ssize_t slot_offset(PyObject *type, PyObject *name) {
    PyObject *descriptor = PyObject_GetAttr(type, name);
    Py_ssize_t offset = -1;
    if (!descriptor) return -1;
    if (Py_IS_TYPE(descriptor, &PyMemberDescr_Type)) {
        PyMemberDef *member = ((PyMemberDescrObject *)descriptor)->d_member;
        if (member->type == T_OBJECT_EX && !(member->flags & READONLY)) offset = member->offset;
    }
    Py_DECREF(descriptor);
    if (offset < 0) shape_error();
    return offset;
}

static PyObject *py_prepare(PyObject *self, PyObject *tuple) {
    Tables *t;
    PyObject *capsule, *rules, *key, *value;
    Py_ssize_t i, position = 0;
    (void)self;
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != TABLE_SIZE) {
        PyErr_SetString(PyExc_TypeError, "prepare: tables of another shape than this module reads");
        return NULL;
    }
    t = PyMem_Calloc(1, sizeof(Tables));
    if (!t) return PyErr_NoMemory();
    capsule = PyCapsule_New(t, "gradcli_lalr.tables", tables_free);
    if (!capsule) {
        PyMem_Free(t);
        return NULL;
    }
    Py_INCREF(tuple);
    t->tuple = tuple;
    t->readers = PyTuple_GET_ITEM(tuple, READERS);
    t->reader = PyTuple_GET_ITEM(tuple, READER);
    t->keywords = PyTuple_GET_ITEM(tuple, KEYWORDS);
    t->token = PyTuple_GET_ITEM(tuple, TOKEN);
    t->tree = PyTuple_GET_ITEM(tuple, TREE);
    t->inline_ = PyTuple_GET_ITEM(tuple, INLINE);
    t->indentation = PyTuple_GET_ITEM(tuple, INDENTATION);
    t->max_brackets = PyLong_AsSsize_t(PyTuple_GET_ITEM(tuple, MAX_BRACKETS));
    t->real = -1;
    rules = PyTuple_GET_ITEM(tuple, RULES);
    if (!(t->symbols = PyDict_New())) goto failed;
    if (!PyDict_Check(t->readers) || !PyDict_Check(t->keywords) ||
        !PyDict_Check(PyTuple_GET_ITEM(tuple, CLASSES)) || !PyTuple_Check(rules) || !PyType_Check(t->token) ||
        !PyType_Check(t->tree) || !PyType_Check(t->inline_) || t->max_brackets < 0 || t->max_brackets >= MAX_OPEN)
        goto failed;
    if (read_actions(t, PyTuple_GET_ITEM(tuple, SYMBOLS), PyTuple_GET_ITEM(tuple, ACTIONS),
                     PyTuple_GET_ITEM(tuple, NSTATES)) < 0)
        goto failed;
    if ((t->end_kind = symbol(t, s_end_kind)) < 0 || (t->dedent = symbol(t, s_dedent)) < 0) goto failed;
    if ((t->token_slots[0] = slot_offset(t->token, s_type)) < 0 ||
        (t->token_slots[1] = slot_offset(t->token, s_value)) < 0 ||
        (t->token_slots[2] = slot_offset(t->token, s_start_pos)) < 0 ||
        (t->token_slots[3] = slot_offset(t->token, s_lines)) < 0 ||
        (t->tree_slots[0] = slot_offset(t->tree, s_data)) < 0 ||
        (t->tree_slots[1] = slot_offset(t->tree, s_children)) < 0 ||
        (t->tree_slots[2] = slot_offset(t->tree, s_meta)) < 0 ||
        (t->tree_slots[3] = slot_offset(t->tree, s_edges_attribute)) < 0)
        goto failed;
    if (!(t->rules = PyMem_Calloc(PyTuple_GET_SIZE(rules) + 1, sizeof(Rule)))) {
        PyErr_NoMemory();
        goto failed;
    }
    for (i = 0; i < PyTuple_GET_SIZE(rules); i++) {
        t->nrules = i + 1;
        if (read_rule(t, PyTuple_GET_ITEM(rules, i), &t->rules[i]) < 0) goto failed;
    }
    if (read_fast_readers(PyTuple_GET_ITEM(tuple, FAST), t) < 0) goto failed;
    while (PyDict_Next(PyTuple_GET_ITEM(tuple, CLASSES), &position, &key, &value))
        if (symbol(t, key) < 0) goto failed;
    t->classes = PyMem_Calloc(t->nsymbols + 1, 1);
    t->names = PyMem_Calloc(t->nsymbols + 1, sizeof(PyObject *));
    if (!t->classes || !t->names) {
        PyErr_NoMemory();
        goto failed;
    }
    position = 0;
    while (PyDict_Next(t->symbols, &position, &key, &value)) t->names[PyLong_AsLong(value)] = key;
    position = 0;
    while (PyDict_Next(PyTuple_GET_ITEM(tuple, CLASSES), &position, &key, &value))
        t->classes[kind_number(t, key)] = (unsigned char)PyLong_AsLong(value);
    if (PyErr_Occurred()) goto failed;
    return capsule;
failed:
    shape_error();
    Py_DECREF(capsule);
    return NULL;
}

/* ---------------------------------------------------------------- the nodes */

/* The parse stack: each symbol's value and the state it leads to (values[0] is unused: the start state's). */
typedef struct {
    PyObject **values;
    int *states;
    Py_ssize_t depth, room;
} Stack;

static int push(Stack *stack, PyObject *value, int state) {  /* steals `value` */
    if (stack->depth + 1 >= stack->room) {
        Py_ssize_t room = stack->room * 2;
        PyObject **values = PyMem_Realloc(stack->values, room * sizeof(PyObject *));
        int *states;
        if (!values) {
            Py_DECREF(value);
            PyErr_NoMemory();
            return -1;
        }
        stack->values = values;
        states = PyMem_Realloc(stack->states, room * sizeof(int));
        if (!states) {
            Py_DECREF(value);
            PyErr_NoMemory();
            return -1;
        }
        stack->states = states, stack->room = room;
    }
    stack->depth++;
    stack->values[stack->depth] = value;
    stack->states[stack->depth] = state;
    return 0;
}

/* The driver's _Token: str's constructor, then the fields the driver knows (written to their slots, as the
 * slots' own descriptors write them). */
static PyObject *new_token(Tables *t, PyObject *kind, PyObject *value, Py_ssize_t first, PyObject *lines) {
    PyObject *args = PyTuple_Pack(1, value), *token, *fields[4];
    int i;
    if (!args) return NULL;
    token = PyUnicode_Type.tp_new((PyTypeObject *)t->token, args, NULL);
    Py_DECREF(args);
    if (!token) return NULL;
    fields[0] = Py_NewRef(kind), fields[1] = Py_NewRef(value), fields[2] = PyLong_FromSsize_t(first);
    fields[3] = Py_NewRef(lines);
    if (!fields[2]) {
        for (i = 0; i < 4; i++) Py_XDECREF(fields[i]);
        Py_DECREF(token);
        return NULL;
    }
    for (i = 0; i < 4; i++) Py_XSETREF(*(PyObject **)((char *)token + t->token_slots[i]), fields[i]);  /* (SLOT) */
    return token;
}

/* A token left out of the tree: its (type, value, start, end) tuple, for a rule's edges. */
static PyObject *plain_token(PyObject *kind, PyObject *value, Py_ssize_t first, Py_ssize_t last) {
    PyObject *tuple = PyTuple_New(4), *start, *end;
    if (!tuple) return NULL;
    start = PyLong_FromSsize_t(first);
    end = PyLong_FromSsize_t(last);
    if (!start || !end) {
        Py_XDECREF(start);
        Py_XDECREF(end);
        Py_DECREF(tuple);
        return NULL;
    }
    Py_INCREF(kind);
    Py_INCREF(value);
    PyTuple_SET_ITEM(tuple, 0, kind);
    PyTuple_SET_ITEM(tuple, 1, value);
    PyTuple_SET_ITEM(tuple, 2, start);
    PyTuple_SET_ITEM(tuple, 3, end);
    return tuple;
}

#define SLOT(object, offset) (*(PyObject **)((char *)(object) + (offset)))

/* A Tree without Tree.__init__: the fields it sets, written to their slots. */
static PyObject *new_tree(Tables *t, PyObject *name, PyObject *children) {
    PyObject *node = PyBaseObject_Type.tp_new((PyTypeObject *)t->tree, empty_tuple, NULL);
    if (!node) return NULL;
    Py_XSETREF(SLOT(node, t->tree_slots[0]), Py_NewRef(name));
    Py_XSETREF(SLOT(node, t->tree_slots[1]), Py_NewRef(children));
    Py_XSETREF(SLOT(node, t->tree_slots[2]), Py_NewRef(Py_None));
    return node;
}

/* _Reduction's children: the symbols it keeps, a `_rule`'s children spliced in, placeholders for `[x]`. */
static PyObject *children_of(Rule *rule, PyObject **symbols) {
    PyObject *children = PyList_New(0);
    Py_ssize_t i, k;
    if (!children) return NULL;
    for (i = 0; i < rule->npicks; i++) {
        Pick *pick = &rule->picks[i];
        PyObject *value = symbols[pick->symbol];
        for (k = 0; k < pick->nones; k++)
            if (PyList_Append(children, Py_None) < 0) goto failed;
        if (!pick->splice) {
            if (PyList_Append(children, value) < 0) goto failed;
        } else if (PyList_GET_SIZE(children)) {
            PyObject *extended = PySequence_InPlaceConcat(children, value);
            if (!extended) goto failed;
            Py_DECREF(extended);
        } else {  /* a `_rule`'s list is used once: extend it in place (Lark does too) */
            if (!PyList_Check(value)) goto failed;
            Py_INCREF(value);
            Py_SETREF(children, value);
        }
    }
    for (k = 0; k < rule->nones_after; k++)
        if (PyList_Append(children, Py_None) < 0) goto failed;
    return children;
failed:
    Py_DECREF(children);
    return NULL;
}

/* What stands at one end of a rule's symbols, for positions: the left-out token itself, or what a `_rule`
 * recorded (its `edges[side]`), or nothing. A new reference. */
static PyObject *edge(int end_kind, PyObject *value, int side) {
    PyObject *edges, *found;
    if (end_kind == FILTERED) {
        Py_INCREF(value);
        return value;
    }
    if (end_kind != INLINED) Py_RETURN_NONE;
    edges = PyObject_GetAttr(value, s_inline_edges);
    if (!edges) return NULL;
    found = PySequence_GetItem(edges, side);
    Py_DECREF(edges);
    return found;
}

/* _Reduction.build: the node of the rule's `symbols` (the top of the stack). */
static PyObject *build(Tables *t, Rule *rule, PyObject **symbols) {
    PyObject *children = children_of(rule, symbols), *node, *edges, *first, *last;
    int one_child;
    if (!children) return NULL;
    one_child = PyList_GET_SIZE(children) == 1;
    if (rule->inline_) {
        if (Py_IS_TYPE(children, (PyTypeObject *)t->inline_)) {
            node = children;
        } else {
            node = PyObject_CallOneArg(t->inline_, children);
            Py_DECREF(children);
        }
    } else if (rule->single && one_child) {
        node = PyList_GET_ITEM(children, 0);
        Py_INCREF(node);
        Py_DECREF(children);
    } else {
        node = new_tree(t, rule->name, children);
        Py_DECREF(children);
    }
    if (!node || !(rule->first || rule->last)) return node;
    first = edge(rule->first, symbols[0], 0);
    last = first ? edge(rule->last, symbols[rule->size - 1], 1) : NULL;
    edges = last ? PyTuple_Pack(2, first, last) : NULL;
    Py_XDECREF(first);
    Py_XDECREF(last);
    if (!edges) goto failed;
    if (rule->inline_) {
        if (PyObject_SetAttr(node, s_inline_edges, edges) < 0) goto failed_edges;
    } else if (!Py_IS_TYPE(node, (PyTypeObject *)t->tree)) {
        /* a token that a `?rule` hands up: its place is its own */
    } else if (rule->single && one_child) {
        /* the one child a `?rule` hands up (`(a + b)`) adds them to its `_edges` */
        PyObject *had = SLOT(node, t->tree_slots[3]);
        PyObject *kept = PySequence_GetSlice(had ? had : no_edges, 0, 2);
        PyObject *joined = kept ? PySequence_Concat(kept, edges) : NULL;
        Py_XDECREF(kept);
        if (!joined) goto failed_edges;
        Py_XSETREF(SLOT(node, t->tree_slots[3]), joined);
    } else {
        Py_XSETREF(SLOT(node, t->tree_slots[3]), Py_NewRef(edges));
    }
    Py_DECREF(edges);
    return node;
failed_edges:
    Py_DECREF(edges);
failed:
    Py_DECREF(node);
    return NULL;
}

static int action_of(Tables *t, int state, int symbol) {
    return symbol < t->width ? t->actions[(Py_ssize_t)state * t->width + symbol] : NO_ACTION;
}

/* The state after a rule's `origin` is pushed on state `below`, then the unit rules that lookahead `kind`
 * reduces there: each hands its only child up unchanged and replaces the top state by another goto from
 * `below` (the driver's _goto). */
static int goto_state(Tables *t, int below, int origin, int kind) {
    int state = action_of(t, below, origin), action;
    if (state < 0) return -1;
    action = action_of(t, state, kind);
    while (action != NO_ACTION && action < 0 && ~action < t->nrules && t->rules[~action].unit) {
        state = action_of(t, below, t->rules[~action].origin);
        if (state < 0) return -1;
        action = action_of(t, state, kind);
    }
    return state;
}

/* The parser's actions on one token, up to its shift: 1 shifted, 0 the text is accepted (*tree set), -1 handed
 * back (the token refused, or an error). */
static int consume(Tables *t, Stack *stack, long end_state, int kind, PyObject *value, Py_ssize_t first,
                   Py_ssize_t last, PyObject *lines, PyObject **previous, PyObject **tree) {
    for (;;) {
        int state = stack->states[stack->depth], action = action_of(t, state, kind), next;
        Py_ssize_t base, i;
        PyObject *node;
        Rule *rule;
        if (action == NO_ACTION) {
            if (state == end_state && kind == t->end_kind) {
                *tree = stack->values[stack->depth];
                Py_INCREF(*tree);
                return 0;
            }
            return -1;
        }
        if (action >= 0) {  /* shift */
            PyObject *shifted = t->classes[kind] & KEPT ? new_token(t, t->names[kind], value, first, lines)
                                                        : plain_token(t->names[kind], value, first, last);
            if (!shifted) return -1;
            Py_INCREF(shifted);
            if (push(stack, shifted, action) < 0) {
                Py_DECREF(shifted);
                return -1;
            }
            Py_XSETREF(*previous, shifted);
            return 1;
        }
        if (~action >= t->nrules) return -1;
        rule = &t->rules[~action];
        base = stack->depth - rule->size;  /* the rule's symbols are values[base + 1 ...] */
        if (base < 0) return -1;
        next = goto_state(t, stack->states[base], rule->origin, kind);
        if (next < 0) return -1;
        if (rule->unit) {  /* the child stays; only the state changes */
            stack->states[stack->depth] = next;
            continue;
        }
        node = build(t, rule, stack->values + base + 1);
        if (!node) return -1;
        for (i = stack->depth; i > base; i--) Py_DECREF(stack->values[i]);
        stack->depth = base;
        if (push(stack, node, next) < 0) return -1;
    }
}

/* ---------------------------------------------------------------- the lexer */

static int is_word(Py_UCS4 c) {
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c > 0x7f;
}

static Py_UCS4 closing(Py_UCS4 c) { return c == '(' ? ')' : c == '[' ? ']' : '}'; }

/* How a token starting with `character` is read by the driver (its readers, filled by its _reader): borrowed. */
static PyObject *reader_of(Tables *t, PyObject *character) {
    PyObject *read = PyDict_GetItemWithError(t->readers, character);
    if (read || PyErr_Occurred()) return read;
    read = PyObject_CallOneArg(t->reader, character);
    if (!read) return NULL;
    if (PyDict_SetItem(t->readers, character, read) < 0) {
        Py_DECREF(read);
        return NULL;
    }
    Py_DECREF(read);  /* the dict holds it */
    return read;
}

static int is_digit(int unicode_kind, const void *data, Py_ssize_t at, Py_ssize_t end) {
    Py_UCS4 c;
    return at < end && (c = PyUnicode_READ(unicode_kind, data, at)) >= '0' && c <= '9';
}

static Py_ssize_t digits_end(int unicode_kind, const void *data, Py_ssize_t at, Py_ssize_t end) {
    while (is_digit(unicode_kind, data, at, end)) at++;
    return at;
}

/* A token read without the regex engine (_fast_readers): 1 with *kind and *stop set, 0 where the regex must
 * read it. */
static int read_fast(const Tables *t, const Fast *f, int unicode_kind, const void *data, Py_ssize_t pos,
                     Py_ssize_t end, int *kind, Py_ssize_t *stop) {
    Py_ssize_t at = pos + 1, i;
    Py_UCS4 next = 0;
#define NEXT(at) ((at) < end ? PyUnicode_READ(unicode_kind, data, (at)) : 0)
    if (f->how == RUN) {
        while ((next = NEXT(at)) && next < 128 && f->run[next]) at++;
        if (at < end && (next >= 128 || f->escape[next])) return 0;
        *kind = f->kind, *stop = at;
        return 1;
    }
    if (f->how == DIGITS) {  /* INT and FLOAT without `_`: digits, then `.` and digits, then an exponent */
        int real = 0;
        at = digits_end(unicode_kind, data, at, end);
        next = NEXT(at);
        if (next == '.') {
            real = 1;
            at = digits_end(unicode_kind, data, at + 1, end);
            next = NEXT(at);
        }
        if (next == 'e' || next == 'E') {  /* an exponent where one follows, else the number stops before it */
            Py_ssize_t j = at + 1;
            if (NEXT(j) == '+' || NEXT(j) == '-') j++;
            if (is_digit(unicode_kind, data, j, end)) {
                at = digits_end(unicode_kind, data, j, end);
                real = 1;
                next = NEXT(at);
            }
        }
        if (next == '_' || (!real && at == pos + 1 && PyUnicode_READ(unicode_kind, data, pos) == '0' &&
                            next && strchr("xXoObB", (int)next)))
            return 0;  /* 1_000, 0x1f: their regex */
        *kind = real ? t->real : f->kind, *stop = at;
        return 1;
    }
    if (at < end && ((next = NEXT(at)) >= 128 || f->escape[next])) return 0;
    for (i = 0; i < f->nliterals; i++) {
        Py_ssize_t k, length = f->literals[i].length;
        if (pos + length > end) continue;
        for (k = 0; k < length; k++)
            if (PyUnicode_READ(unicode_kind, data, pos + k) != (Py_UCS4)(unsigned char)f->literals[i].text[k]) break;
        if (k == length) {
            *kind = f->literals[i].kind, *stop = pos + length;
            return 1;
        }
    }
    return 0;
#undef NEXT
}

/* The next token from the text at *pos, by a fast reader or the driver's: 1 with its kind, value and offsets
 * set, 0 for a blank skipped, -1 where the Python loop must read the text. */
static int read_token(Tables *t, PyObject *text, int unicode_kind, const void *data, Py_ssize_t *pos,
                      Py_ssize_t end, int *kind, PyObject **value, Py_ssize_t *first) {
    Py_UCS4 c = PyUnicode_READ(unicode_kind, data, *pos);
    Py_ssize_t stop;
    PyObject *character, *read, *position, *match, *name, *after;
    if (c < 128 && t->fast[c].how && read_fast(t, &t->fast[c], unicode_kind, data, *pos, end, kind, &stop)) {
        if (!(*value = PyUnicode_Substring(text, *pos, stop))) return -1;
        *first = *pos, *pos = stop;
        return 1;
    }
    if (!(character = PyUnicode_FromOrdinal(c))) return -1;
    if (!(read = reader_of(t, character))) {
        Py_DECREF(character);
        return -1;
    }
    if (read == Py_None) {  /* a blank */
        Py_DECREF(character);
        (*pos)++;
        return 0;
    }
    if (PyUnicode_Check(read)) {  /* a token of this one character */
        *kind = kind_number(t, read), *value = character, *first = (*pos)++;
        return *kind < 0 ? -1 : 1;
    }
    Py_DECREF(character);
    if (!(position = PyLong_FromSsize_t(*pos))) return -1;
    match = PyObject_CallFunctionObjArgs(read, text, position, NULL);  /* its terminals' regex */
    Py_DECREF(position);
    if (!match || match == Py_None) {  /* Python's tokenizer error, or a character only the parser refuses */
        Py_XDECREF(match);
        return -1;
    }
    name = PyObject_GetAttr(match, s_lastgroup);
    after = name ? PyObject_CallMethodNoArgs(match, s_end) : NULL;
    Py_DECREF(match);
    *kind = name ? kind_number(t, name) : -1;
    Py_XDECREF(name);
    if (!after) return -1;
    stop = PyLong_AsSsize_t(after);
    Py_DECREF(after);
    if (*kind < 0 || stop <= *pos || stop > end || !(*value = PyUnicode_Substring(text, *pos, stop))) return -1;
    *first = *pos, *pos = stop;
    return 1;
}

static PyObject *py_parse(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Tables *t;
    Stack stack = {NULL, NULL, 0, 64};
    PyObject *text, *lines, *indents = NULL, *pending = NULL, *previous = NULL, *tree = NULL, *value = NULL;
    Py_ssize_t pos = 0, end, first = 0, last = 0, brackets[MAX_OPEN], open = 0, i;
    long end_state, start_state;
    int unicode_kind, ending = 0, done = -1, kind;
    const void *data;
    (void)self;
    if (nargs != 5 || !PyUnicode_Check(args[0]) || !PyLong_Check(args[1]) || !PyLong_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "parse(text, state, end_state, prepared, lines)");
        return NULL;
    }
    if (!(t = PyCapsule_GetPointer(args[3], "gradcli_lalr.tables"))) return NULL;
    text = args[0], lines = args[4];
    start_state = PyLong_AsLong(args[1]), end_state = PyLong_AsLong(args[2]);
    if (start_state < 0 || start_state >= t->nstates) Py_RETURN_NONE;
    end = PyUnicode_GET_LENGTH(text);
    unicode_kind = PyUnicode_KIND(text);
    data = PyUnicode_DATA(text);
    stack.values = PyMem_Malloc(stack.room * sizeof(PyObject *));
    stack.states = PyMem_Malloc(stack.room * sizeof(int));
    indents = Py_BuildValue("[(ii)]", 0, 0);
    pending = PyList_New(0);
    if (!stack.values || !stack.states || !indents || !pending) goto handed_back;
    stack.states[0] = (int)start_state;
    for (;;) {
        unsigned char classes;
        Py_CLEAR(value);
        /* the next token: its kind, text and offsets */
        if (PyList_GET_SIZE(pending)) {  /* the indenter's, or the end's */
            Py_ssize_t top = PyList_GET_SIZE(pending) - 1;
            PyObject *token = PyList_GET_ITEM(pending, top);
            if (!PyTuple_Check(token) || PyTuple_GET_SIZE(token) != 4) goto handed_back;
            kind = kind_number(t, PyTuple_GET_ITEM(token, 0));
            value = PyTuple_GET_ITEM(token, 1);
            Py_INCREF(value);
            first = PyLong_AsSsize_t(PyTuple_GET_ITEM(token, 2));
            last = PyLong_AsSsize_t(PyTuple_GET_ITEM(token, 3));
            if (kind < 0 || PyList_SetSlice(pending, top, top + 1, NULL) < 0 || PyErr_Occurred()) goto handed_back;
        } else if (pos < end) {
            int read = read_token(t, text, unicode_kind, data, &pos, end, &kind, &value, &first);
            if (read < 0) goto handed_back;
            if (read == 0) continue;
            last = pos;
            classes = t->classes[kind];
            if (classes & NAME) {
                PyObject *keyword = PyDict_GetItemWithError(t->keywords, value);
                if (keyword && (kind = kind_number(t, keyword)) < 0) goto handed_back;
            } else if (classes & NUMBER) {
                if (pos < end && is_word(PyUnicode_READ(unicode_kind, data, pos))) goto handed_back;
            } else if (classes & (IGNORE | NEWLINE | OPEN | CLOSE)) {
                if (classes & IGNORE) continue;
                if (classes & NEWLINE) {
                    if (open) continue;
                    /* (a top-level line after it: no _INDENT or _DEDENT, _indentation's answer without a call) */
                    if (PyUnicode_READ_CHAR(value, PyUnicode_GET_LENGTH(value) - 1) != '\n' ||
                        PyList_GET_SIZE(indents) > 1) {
                        PyObject *found = PyObject_CallFunction(t->indentation, "OOnnO", text, value, first, last,
                                                                indents);
                        if (!found || !PyList_Check(found)) {
                            Py_XDECREF(found);
                            goto handed_back;
                        }
                        Py_SETREF(pending, found);
                    }
                } else if (classes & OPEN) {
                    if (open == t->max_brackets) goto handed_back;
                    brackets[open++] = first;
                } else {
                    if (!open || closing(PyUnicode_READ(unicode_kind, data, brackets[open - 1])) !=
                                     PyUnicode_READ(unicode_kind, data, first))
                        goto handed_back;
                    open--;
                }
            }
            if (PyErr_Occurred()) goto handed_back;
        } else if (!ending) {  /* the end of the text: the open blocks' _DEDENTs, then $END where the last token ends */
            Py_ssize_t blocks = PyList_GET_SIZE(indents) - 1;
            first = last = 0;
            if (previous && PyTuple_Check(previous)) {
                first = PyLong_AsSsize_t(PyTuple_GET_ITEM(previous, 2));
                last = PyLong_AsSsize_t(PyTuple_GET_ITEM(previous, 3));
            } else if (previous) {
                PyObject *start = PyObject_GetAttr(previous, s_start_pos);
                if (!start) goto handed_back;
                first = PyLong_AsSsize_t(start);
                Py_DECREF(start);
                last = first + PyUnicode_GET_LENGTH(previous);
            }
            for (i = 0; i <= blocks; i++) {  /* (popped from the end: the _DEDENTs first, then $END) */
                PyObject *token = plain_token(i ? s_dedent : s_end_kind, s_empty, first, last);
                if (!token || PyList_Append(pending, token) < 0) {
                    Py_XDECREF(token);
                    goto handed_back;
                }
                Py_DECREF(token);
            }
            ending = 1;
            continue;
        } else {
            goto handed_back;  /* the end tokens were refused */
        }
        done = consume(t, &stack, end_state, kind, value, first, last, lines, &previous, &tree);
        if (done <= 0) break;
    }
    if (done == 0) goto finished;
handed_back:
    Py_CLEAR(tree);
    if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_Exception)) PyErr_Clear();
finished:
    for (i = 1; i <= stack.depth; i++) Py_DECREF(stack.values[i]);
    PyMem_Free(stack.values);
    PyMem_Free(stack.states);
    Py_XDECREF(value);
    Py_XDECREF(indents);
    Py_XDECREF(pending);
    Py_XDECREF(previous);
    if (tree) return tree;
    if (PyErr_Occurred()) return NULL;  /* KeyboardInterrupt and its kin are not the loop's to swallow */
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"prepare", py_prepare, METH_O, "prepare(tables): the driver's tables as parse reads them"},
    {"parse", (PyCFunction)(void (*)(void))py_parse, METH_FASTCALL,
     "parse(text, state, end_state, prepared, lines): the tree of a text that parses, else None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "gradcli_lalr",
                                    "gradcli/lang/syntax/lalr.py's parse loop in C, over the same tables", -1, methods};

PyMODINIT_FUNC PyInit_gradcli_lalr(void) {
    static const char *names[] = {"type", "value", "start_pos", "_lines", "data", "children", "_meta", "_edges",
                                  "lastgroup", "end", "$END", "_DEDENT", "", "edges"};
    PyObject **strings[] = {&s_type, &s_value, &s_start_pos, &s_lines, &s_data, &s_children, &s_meta,
                            &s_edges_attribute, &s_lastgroup, &s_end, &s_end_kind, &s_dedent, &s_empty,
                            &s_inline_edges};
    size_t i;
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!(*strings[i] = PyUnicode_InternFromString(names[i]))) return NULL;
    empty_tuple = PyTuple_New(0);
    no_edges = Py_BuildValue("(OO)", Py_None, Py_None);
    if (!empty_tuple || !no_edges) return NULL;
    return PyModule_Create(&module);
}
