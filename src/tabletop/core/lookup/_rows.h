/* What C that reads or writes the table encoders' rows shares (tabletop.core.lookup):
 * typed buffers, and the pieces of a game's packer (a state's list and integer
 * attributes, the deciding seats' bits, the buffers it holds, its rows and numbers).
 *
 * Included by the lookup's own C half (_rows.c, beside this header) and by each game's
 * packer in C (games/<game>/native/_pack.c, through the include directory setup.py
 * gives every hand-written extension). Static inline, so each translation unit keeps
 * only what it uses; tabletop.compiled counts this header when it judges a build stale.
 *
 * Arrays come through the buffer protocol (C-contiguous, checked by item size and
 * kind), so the build needs no NumPy headers.
 */
#ifndef TABLETOP_LOOKUP_ROWS_H
#define TABLETOP_LOOKUP_ROWS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* A buffer of `count` items of `size` bytes of kind `kind` ('i' integer, 'f' float). */
static inline int
get(PyObject *obj, Py_buffer *view, int writable, char kind, Py_ssize_t size,
    const char *name)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0)
        return -1;
    const char *format = view->format ? view->format : "B";
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    int ok = view->itemsize == size && format[1] == '\0' &&
             (kind == 'f' ? *format == 'f'
                          : (*format == 'q' || *format == 'l' || *format == 'n'));
    if (!ok) {
        PyErr_Format(PyExc_TypeError, "%s must be a C-contiguous array of %s%d", name,
                     kind == 'f' ? "float" : "int", (int)(8 * size));
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ packing */

/* A list attribute of a state, `length` items long unless length < 0 (new ref). */
static inline PyObject *
list_attr(PyObject *state, PyObject *name, Py_ssize_t length)
{
    PyObject *list = PyObject_GetAttr(state, name);
    if (list == NULL)
        return NULL;
    if (!PyList_Check(list)) {
        PyErr_Format(PyExc_TypeError, "state.%U is not a list", name);
        Py_DECREF(list);
        return NULL;
    }
    if (length >= 0 && PyList_GET_SIZE(list) != length) {
        PyErr_Format(PyExc_ValueError, "state.%U has %zd items, the table expects %zd",
                     name, PyList_GET_SIZE(list), length);
        Py_DECREF(list);
        return NULL;
    }
    return list;
}

/* An integer attribute of a state (-1 with an error set on failure). */
static inline int
int_attr(PyObject *state, PyObject *name, int64_t *value)
{
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL)
        return -1;
    *value = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* Item i of a list of ints (checked by the caller to exist). */
#define ITEM(list, i) PyLong_AsLongLong(PyList_GET_ITEM((list), (i)))

/* The bits of the seats in a tuple or list of seat numbers (new ref consumed). */
static inline int
seat_bits(PyObject *seats, int64_t *bits)
{
    if (seats == NULL)
        return -1;
    PyObject *fast = PySequence_Fast(seats, "the deciding seats are not a sequence");
    Py_DECREF(seats);
    if (fast == NULL)
        return -1;
    *bits = 0;
    for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(fast); j++) {
        int64_t p = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, j));
        if (p < 0 || p > 62) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a deciding seat is out of range");
            return -1;
        }
        *bits |= (int64_t)1 << p;
    }
    Py_DECREF(fast);
    return 0;
}

/* The buffers a packer holds (its configuration arrays and its rows), released by
 * release(). */
typedef struct {
    Py_buffer views[7];
    int count;
} Held;

static inline void
release(Held *held)
{
    for (int i = 0; i < held->count; i++)
        PyBuffer_Release(&held->views[i]);
    held->count = 0;
}

/* The packer's end: what it held released, None or NULL (the error set). */
static inline PyObject *
finish(Held *held, PyObject *fast, int failed)
{
    Py_XDECREF(fast);
    release(held);
    if (failed)
        return NULL;
    Py_RETURN_NONE;
}

/* After table t: whether packing it failed (the error set: the lists' own, or that
 * the state does not fit the table when `ok` is 0). */
static inline int
table_failed(int ok, Py_ssize_t t)
{
    if (PyErr_Occurred())
        return 1;
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "table %zd: a state the table cannot hold", t);
        return 1;
    }
    return 0;
}

/* The states as a fast sequence (a new reference in *fast), their number, and the
 * rows a packer writes: one row of `width` int64 a state (NULL: error set). */
static inline int64_t *
rows(Held *held, PyObject *states, PyObject *obj, int64_t width, PyObject **fast,
     Py_ssize_t *count)
{
    *fast = PySequence_Fast(states, "states must be a sequence");
    if (*fast == NULL)
        return NULL;
    Py_ssize_t tables = *count = PySequence_Fast_GET_SIZE(*fast);
    Py_buffer *view = &held->views[held->count];
    if (get(obj, view, 1, 'i', 8, "out") < 0)
        return NULL;
    held->count++;
    if (view->len / 8 != tables * width) {
        PyErr_Format(PyExc_ValueError, "out holds %zd integers, %zd tables need %zd",
                     view->len / 8, tables, (Py_ssize_t)(tables * width));
        return NULL;
    }
    return view->buf;
}

static inline const int64_t *
ints(Held *held, PyObject *obj, Py_ssize_t least, const char *name, Py_ssize_t *length)
{
    Py_buffer *view = &held->views[held->count];
    if (get(obj, view, 0, 'i', 8, name) < 0)
        return NULL;
    held->count++;
    if (view->len / 8 < least) {
        PyErr_Format(PyExc_ValueError, "%s has %zd numbers, needs %zd", name,
                     view->len / 8, least);
        return NULL;
    }
    if (length)
        *length = view->len / 8;
    return view->buf;
}

#endif /* TABLETOP_LOOKUP_ROWS_H */
