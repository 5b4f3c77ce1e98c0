/* The batched env's C tables seen from Python: what every game's engine in C
 * (games/<game>/native/_engine.c) shares word for word, kept once.
 *
 * Included by each engine where its Python object's methods begin, after it has
 * defined `Rules` (the game's numbers), `Table` (one table, with `history`, `steps` and
 * `capacity`: its recorded decisions), `Tables` (PyObject_HEAD, `Rules r`, `Table
 * *tables`, `Py_ssize_t count`), `read_rules(Rules *, PyObject *)`, `new_game(const
 * Rules *, Table *, uint64_t seed)` and `reset_doc`. It gives `Tables_init`,
 * `Tables_dealloc`, `ready`, `table_index`, `buffer`, `Tables_reset` and
 * `Tables_history` (with `history_doc`), and `Tables_save`, `Tables_load` (listed by
 * `TABLES_SAVE_LOAD_METHODS`: a table's game as bytes, for pickling the env). Each engine is still one translation unit,
 * which finds this header through the include directories setup.py gives every
 * hand-written extension (tabletop.compiled.GENERIC_INCLUDE); setup.py lists it as a
 * dependency and tabletop.compiled counts it when it judges a build stale.
 */
#ifndef TABLETOP_NATIVE_TABLES_H
#define TABLETOP_NATIVE_TABLES_H

static int
Tables_init(Tables *self, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t count;
    PyObject *data;
    static char *names[] = {"tables", "data", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nO:Tables", names, &count, &data))
        return -1;
    if (self->tables != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Tables is initialised once");
        return -1;
    }
    if (count < 1 || count > (1 << 24)) {
        PyErr_Format(PyExc_ValueError, "tables must be from 1 to %d, got %zd", 1 << 24, count);
        return -1;
    }
    if (read_rules(&self->r, data) < 0)
        return -1;
    self->tables = PyMem_Calloc(count, sizeof(Table));
    if (self->tables == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->count = count;
    for (Py_ssize_t t = 0; t < count; t++)
        new_game(&self->r, &self->tables[t], 0);
    return 0;
}

static void
Tables_dealloc(Tables *self)
{
    for (Py_ssize_t t = 0; t < self->count; t++)
        PyMem_Free(self->tables[t].history);
    PyMem_Free(self->tables);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---------------------------------------------------------------- methods */

static int
ready(Tables *self)
{
    if (self->tables == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Tables was not initialised");
        return -1;
    }
    return 0;
}

static int
table_index(Tables *self, Py_ssize_t t)
{
    if (ready(self) < 0)
        return -1;
    if (t < 0 || t >= self->count) {
        PyErr_Format(PyExc_IndexError, "table %zd of %zd", t, self->count);
        return -1;
    }
    return 0;
}

/* A writable (or not) C-contiguous buffer of `count` items of kind 'i' (int64) or 'b'
 * (int8). */
static int
buffer(PyObject *obj, Py_buffer *view, int writable, char kind, Py_ssize_t count,
       const char *name)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0)
        return -1;
    const char *format = view->format ? view->format : "B";
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    int ok = format[1] == '\0'
             && (kind == 'b' ? view->itemsize == 1 && *format == 'b'
                             : view->itemsize == 8
                                   && (*format == 'q' || *format == 'l' || *format == 'n'));
    if (!ok || view->len != count * view->itemsize) {
        PyErr_Format(PyExc_ValueError, "%s must be a C-contiguous %s array of %zd items",
                     name, kind == 'b' ? "int8" : "int64", count);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *
Tables_reset(Tables *self, PyObject *args)
{
    Py_ssize_t t;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "nK:reset", &t, &seed) || table_index(self, t) < 0)
        return NULL;
    new_game(&self->r, &self->tables[t], seed);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(history_doc,
"history(table, start=0) -> list of (player, action)\n\n"
"The decisions of the table's game from the `start`-th on, in order (no chance:\n"
"replaying them on game.new_game with the game's seed draws the same chance).");

static PyObject *
Tables_history(Tables *self, PyObject *args)
{
    Py_ssize_t t, start = 0;
    if (!PyArg_ParseTuple(args, "n|n:history", &t, &start) || table_index(self, t) < 0)
        return NULL;
    const Table *table = &self->tables[t];
    if (start < 0 || start > table->steps)
        return PyErr_Format(PyExc_IndexError, "the game at table %zd has %zd decisions, "
                            "not %zd", t, table->steps, start);
    PyObject *out = PyList_New(table->steps - start);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = start; i < table->steps; i++) {
        PyObject *step = Py_BuildValue("(ii)", table->history[2 * i],
                                       table->history[2 * i + 1]);
        if (step == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i - start, step);
    }
    return out;
}

PyDoc_STRVAR(save_doc,
"save(table) -> bytes\n\n"
"The table's whole game as bytes: its C record, then its decisions. `load` reads\n"
"them back into a table of the same extension (a copy of the env, or a pickle of it\n"
"read by the same build).");

static PyObject *
Tables_save(Tables *self, PyObject *args)
{
    Py_ssize_t t;
    if (!PyArg_ParseTuple(args, "n:save", &t) || table_index(self, t) < 0)
        return NULL;
    const Table *table = &self->tables[t];
    Py_ssize_t decisions = sizeof(int32_t) * 2 * table->steps;
    PyObject *out = PyBytes_FromStringAndSize(NULL, sizeof(Table) + decisions);
    if (out == NULL)
        return NULL;
    char *buf = PyBytes_AS_STRING(out);
    Table copy = *table;
    copy.history = NULL; /* a pointer means nothing in another process */
    copy.capacity = 0;
    memcpy(buf, &copy, sizeof(Table));
    if (decisions > 0)
        memcpy(buf + sizeof(Table), table->history, decisions);
    return out;
}

PyDoc_STRVAR(load_doc,
"load(table, data)\n\n"
"Put the game `save` gave (of a table of this extension) at the table.");

static PyObject *
Tables_load(Tables *self, PyObject *args)
{
    Py_ssize_t t;
    Py_buffer data;
    if (!PyArg_ParseTuple(args, "ny*:load", &t, &data))
        return NULL;
    if (table_index(self, t) < 0) {
        PyBuffer_Release(&data);
        return NULL;
    }
    Table read;
    int ok = data.len >= (Py_ssize_t)sizeof(Table);
    if (ok) {
        memcpy(&read, data.buf, sizeof(Table));
        ok = read.steps >= 0
             && data.len == (Py_ssize_t)sizeof(Table) + (Py_ssize_t)sizeof(int32_t) * 2 * read.steps;
    }
    if (!ok) {
        PyBuffer_Release(&data);
        return PyErr_Format(PyExc_ValueError, "load: not a saved table of this extension "
                            "(%zd bytes)", data.len);
    }
    int32_t *history = NULL;
    if (read.steps > 0) {
        history = PyMem_Malloc(sizeof(int32_t) * 2 * read.steps);
        if (history == NULL) {
            PyBuffer_Release(&data);
            return PyErr_NoMemory();
        }
        memcpy(history, (const char *)data.buf + sizeof(Table), sizeof(int32_t) * 2 * read.steps);
    }
    PyBuffer_Release(&data);
    Table *table = &self->tables[t];
    PyMem_Free(table->history);
    *table = read;
    table->history = history;
    table->capacity = read.steps;
    Py_RETURN_NONE;
}

/* The methods every engine's Tables has from here, for its method table. */
#define TABLES_SAVE_LOAD_METHODS                                                          \
    {"save", (PyCFunction)Tables_save, METH_VARARGS, save_doc},                          \
        {"load", (PyCFunction)Tables_load, METH_VARARGS, load_doc},

#endif
