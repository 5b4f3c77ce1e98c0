/* The batched env's C tables seen from Python: what every game's engine in C
 * (games/<game>/native/_engine.c) shares word for word, kept once.
 *
 * Included by each engine where its Python object's methods begin, after it has
 * defined `Rules` (the game's numbers), `Table` (one table, with `history`, `steps` and
 * `capacity`: its recorded decisions), `Tables` (PyObject_HEAD, `Rules r`, `Table
 * *tables`, `Py_ssize_t count`), `read_rules(Rules *, PyObject *)`, `new_game(const
 * Rules *, Table *, uint64_t seed)` and `reset_doc`. It gives `Tables_init`,
 * `Tables_dealloc`, `ready`, `table_index`, `buffer`, `Tables_reset` and
 * `Tables_history` (with `history_doc`). Each engine is still one translation unit,
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

#endif
