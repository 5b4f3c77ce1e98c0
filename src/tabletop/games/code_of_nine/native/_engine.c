/* Code of Nine's engine in C, for the batched RL env's every-seat mode.
 *
 * This file mirrors, rule for rule, CodeOfNineState in games/code_of_nine/state.py
 * (setup, the deal, the sealed change of memory cards, the re-deal, the Abyss choices,
 * the ghost's cards and the ninth memory as chance, placement, the end of a round and
 * of the game) and the location effects of effects.py (placing, every follow-up step,
 * Commune System and The Place Where They Ended the Old World at round end), with the
 * generator of core/rng.py (SplitMix64, bit for bit: the deck is drawn from by
 * rng.choice, in the deck list's own order) and State.apply_unchecked's automatic
 * chance. It holds many tables of one player count, board and game mode as plain
 * arrays, and writes what the batched env hands out:
 * - each table's packed row and private places, as _pack.pack_code_of_nine writes
 *   them for the equivalent Python state (CodeOfNinePacker's layout), so the table
 *   encoder's lookup turns them into the same observations;
 * - each seat's action mask: the legal set of legal_action_ids_unchecked as 1s, or the
 *   no-op alone for a seat without a decision (the env's MaskTable rows).
 * An ended game is scored in Python (memory cards are rules as data there): the
 * wrapper replays it from the decisions recorded here. The Python engine is the
 * reference: tests/rl/test_rl_native_code_of_nine.py steps both side by side and
 * requires every array, result and state to be equal.
 *
 * The sheet layout, phases, action ids and the locations' rules (by their ids, in
 * board order) are compiled in here and checked against layout.py, actions.py and
 * locations.py at construction; the board's numbers, the deck and the packed row's
 * layout come from Python and are validated, so no input makes this read or write
 * outside its arrays (a bad one raises ValueError).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------- layout (layout.py, items.py, actions.py) */

#define ITEMS 0
#define WILL 5
#define PAWNS 6
#define CARD 7
#define KNOWS 9
#define PROTECT 10
#define CHANGED 11
#define STRIDE 12
#define LOOKS 1
#define ATTACKS 2
#define CHOSE_CHANGE 2
#define CHOSE_KEEP 3
#define HOLDERS 4
#define GHOST 3
#define ROUNDS 5
#define PAWNS_PER_ROUND 3
#define ITEM_KINDS 5
#define LEGACY 3
#define MEDAL 4
#define TREASURE_KINDS 3 /* statue, coin, book: items 0-2 */
#define SEAT_SHIFT 8

#define P_DEAL 0
#define P_CHANGE 1
#define P_REDEAL 2
#define P_ASSIGN 3
#define P_GHOST 4
#define P_NINTH 5
#define P_PLACE 6
#define P_FOLLOW 7
#define P_OVER 8

#define A_CHANGE 0
#define A_KEEP 1
#define ABYSS_BASE 2
#define CARD_COUNT 28
#define PLACE_BASE 30
#define TARGET_BASE 55
#define NO_TARGET 59
#define ITEM_BASE 60
#define NO_ITEM 64
#define SLOT_BASE 65
#define DONE 67
#define COUNT 68

static const struct { const char *name; long value; } LAYOUT[] = {
    {"ITEMS", ITEMS}, {"WILL", WILL}, {"PAWNS", PAWNS}, {"CARD", CARD}, {"KNOWS", KNOWS},
    {"PROTECT", PROTECT}, {"CHANGED", CHANGED}, {"STRIDE", STRIDE}, {"LOOKS", LOOKS},
    {"ATTACKS", ATTACKS}, {"CHOSE_CHANGE", CHOSE_CHANGE}, {"CHOSE_KEEP", CHOSE_KEEP},
    {"HOLDERS", HOLDERS}, {"GHOST", GHOST}, {"ROUNDS", ROUNDS},
    {"PAWNS_PER_ROUND", PAWNS_PER_ROUND}, {"ITEM_KINDS", ITEM_KINDS}, {"LEGACY", LEGACY},
    {"MEDAL", MEDAL}, {"SEAT_SHIFT", SEAT_SHIFT},
    {"P_DEAL", P_DEAL}, {"P_CHANGE", P_CHANGE}, {"P_REDEAL", P_REDEAL},
    {"P_ASSIGN", P_ASSIGN}, {"P_GHOST", P_GHOST}, {"P_NINTH", P_NINTH},
    {"P_PLACE", P_PLACE}, {"P_FOLLOW", P_FOLLOW}, {"P_OVER", P_OVER},
    {"CHANGE", A_CHANGE}, {"KEEP", A_KEEP}, {"ABYSS_BASE", ABYSS_BASE},
    {"CARD_COUNT", CARD_COUNT}, {"PLACE_BASE", PLACE_BASE}, {"TARGET_BASE", TARGET_BASE},
    {"NO_TARGET", NO_TARGET}, {"ITEM_BASE", ITEM_BASE}, {"NO_ITEM", NO_ITEM},
    {"SLOT_BASE", SLOT_BASE}, {"DONE", DONE}, {"COUNT", COUNT},
};

/* The locations, in board order (locations.LOCATION_IDS): their rules are here. */
enum {
    L_LIBRARY, L_FORTUNE, L_SHED, L_LIGHTS, L_CROSS, L_CLOCKTOWER, L_ALLURE, L_QUARRY,
    L_TUNNEL, L_HEARTH, L_WATCHTOWER, L_HONEYBOOK, L_CATHEDRAL, L_LOOKED, L_COMMUNE,
    L_VILLAGE, L_UNDERGROUND, L_RECORDER, L_STREET, L_ALLEY, L_TIVOLI, L_ENDED,
    L_CROSSROADS, L_DEVILS, L_TREE, LOCATIONS
};

static const char *const LOCATION_IDS[LOCATIONS] = {
    "library", "fortune", "shed", "lights", "cross", "clocktower", "allure", "quarry",
    "tunnel", "hearth", "watchtower", "honeybook", "cathedral", "looked", "commune",
    "village", "underground", "recorder", "street", "alley", "tivoli", "ended",
    "crossroads", "devils", "tree",
};

/* Follow-up steps (effects.py). */
enum { LOOK, GIVE_TO, GIVE_ITEM, RETURN, TARGET, CHOICE, ITEM, GIVE, SLOT, GIVER, RECEIVER,
       PICK, FROM };

#define MAX_LEGAL 16
#define MAX_CHOICE 4
#define NIBBLE 15 /* the Tree's count of one item taken lives in 4 bits of y */

/* ---------------------------------------------------------------- the game's numbers */

typedef struct {
    int n, expert;
    /* Each location's numbers (locations.Location): open rounds, cost at this player
     * count, cost without a legacy (-1: none), places (0: any number), expert only. */
    int first[LOCATIONS], last[LOCATIONS], cost[LOCATIONS], surcharged[LOCATIONS];
    int places[LOCATIONS], expert_only[LOCATIONS], will[LOCATIONS];
    int gain[LOCATIONS][ITEM_KINDS];
    int choice_item[LOCATIONS][MAX_CHOICE], choice_count[LOCATIONS][MAX_CHOICE];
    int choices[LOCATIONS];
    int tree_limit[TREASURE_KINDS], give_total;
    int supply[ITEM_KINDS];
    int deck[CARD_COUNT], deck_size;
    /* The packed row (rl/pack.py). */
    int width, min_score, size, holder, holder_size, cards, hand, card_count;
    int numbers[CARD_COUNT];
} Rules;

/* One table: CodeOfNineState's fields, its generator, and its decisions so far. */
typedef struct {
    int64_t b[HOLDERS * STRIDE];
    int64_t ruins[ITEM_KINDS];
    int64_t spots[LOCATIONS];
    int phase, round, start, turn, dealt, ninth, released;
    int64_t pending[4];
    int deck[CARD_COUNT], left;
    uint64_t rng;
    int32_t *history; /* (player, action) pairs of this game's decisions */
    Py_ssize_t steps, capacity;
} Table;

typedef struct {
    PyObject_HEAD
    Rules r;
    Table *tables;
    Py_ssize_t count;
} Tables;

/* ---------------------------------------------------------------- SplitMix64 (rng.py) */

static uint64_t
draw(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* SplitMix64.below(n): (z * n) >> 64, Lemire's multiply-shift. */
static int
below(uint64_t *state, int n)
{
    unsigned __int128 z = draw(state);
    return (int)((z * (unsigned)n) >> 64);
}

/* ---------------------------------------------------------------- primitives (state.py) */

static int64_t *
sheet(Table *t, int h)
{
    return t->b + h * STRIDE;
}

static int64_t
treasures(const Table *t, int h)
{
    const int64_t *o = t->b + h * STRIDE + ITEMS;
    return o[0] + o[1] + o[2];
}

/* Take up to `count` of `item` from the Ruins ("if any left"). */
static void
gain(Table *t, int h, int item, int64_t count)
{
    int64_t got = count < t->ruins[item] ? count : t->ruins[item];
    t->ruins[item] -= got;
    sheet(t, h)[ITEMS + item] += got;
}

static void
move(Table *t, int giver, int receiver, int item)
{
    sheet(t, giver)[ITEMS + item]--;
    sheet(t, receiver)[ITEMS + item]++;
}

/* The Hidden Village: an attack on a protected other player has no effect on them. */
static int
attack_blocked(const Table *t, int p, int target)
{
    return target != p && (t->b[target * STRIDE + PROTECT] & ATTACKS);
}

static void
look(Table *t, int looker, int owner, int slot, int attack)
{
    int64_t protect = sheet(t, owner)[PROTECT];
    if (!((protect & LOOKS) || (attack && (protect & ATTACKS))))
        sheet(t, looker)[KNOWS] |= 1LL << (owner * 2 + slot);
}

/* Crossroads: the ninth memory becomes this card, seen by every other player. */
static void
exchange_ninth(const Rules *r, Table *t, int p, int slot)
{
    int64_t *o = sheet(t, p) + CARD + slot;
    int64_t card = *o;
    *o = t->ninth;
    t->ninth = (int)card;
    for (int q = 0; q < r->n; q++)
        if (q != p)
            sheet(t, q)[KNOWS] |= 1LL << (p * 2 + slot);
}

/* ---------------------------------------------------------------- turn order */

static void
finish(Table *t)
{
    t->phase = P_OVER;
}

/* Commune System, then The Place Where They Ended the Old World (effects.end_of_round). */
static void
end_of_round(const Rules *r, Table *t)
{
    int seats[HOLDERS], count = 0;
    for (int p = 0; p < HOLDERS; p++)
        if (t->spots[L_COMMUNE] >> (SEAT_SHIFT + p) & 1)
            seats[count++] = p;
    if (count == 2) {
        look(t, seats[0], seats[1], 0, 0);
        look(t, seats[1], seats[0], 0, 0);
    } else if (count == 1) {
        if (r->n == 3)
            look(t, seats[0], GHOST, 0, 0);
        else
            sheet(t, seats[0])[WILL] += r->will[L_COMMUNE];
    }
    count = 0;
    for (int p = 0; p < HOLDERS; p++)
        if (t->spots[L_ENDED] >> (SEAT_SHIFT + p) & 1)
            seats[count++] = p;
    if (count == 2 && sheet(t, seats[0])[ITEMS + LEGACY] == 1
        && sheet(t, seats[1])[ITEMS + LEGACY] == 1)
        t->released = 1;
}

static void
end_round(const Rules *r, Table *t)
{
    end_of_round(r, t);
    if (t->released) {
        finish(t);
        return;
    }
    for (int h = 0; h < HOLDERS; h++) {
        sheet(t, h)[PROTECT] = 0;
        if (h < r->n)
            sheet(t, h)[PAWNS] = PAWNS_PER_ROUND;
    }
    memset(t->spots, 0, sizeof(t->spots));
    if (t->round == ROUNDS) {
        finish(t);
        return;
    }
    t->round++;
    t->turn = t->start;
}

/* After a placement is resolved: the next player clockwise with pawns, or round end. */
static void
end_turn(const Rules *r, Table *t)
{
    t->phase = P_PLACE;
    for (int k = 1; k <= r->n; k++) {
        int p = (t->turn + k) % r->n;
        if (sheet(t, p)[PAWNS]) {
            t->turn = p;
            return;
        }
    }
    end_round(r, t);
}

/* ---------------------------------------------------------------- follow-ups (effects.py) */

/* effects.follow_legal: the choices of the pending step, into out; their count. */
static int
follow_legal(const Rules *r, const Table *t, int p, int *out)
{
    int loc = (int)t->pending[0], step = (int)t->pending[1];
    int64_t x = t->pending[2], y = t->pending[3];
    const int64_t *mine = t->b + p * STRIDE;
    int k = 0;
    switch (step) {
    case LOOK:
    case GIVE_TO:
        for (int h = 0; h < HOLDERS; h++)
            if (h != p)
                out[k++] = TARGET_BASE + h;
        if (step == GIVE_TO)
            out[k++] = NO_TARGET;
        return k;
    case GIVE_ITEM:
        for (int i = 0; i < TREASURE_KINDS; i++)
            if (t->ruins[i])
                out[k++] = ITEM_BASE + i;
        return k;
    case RETURN:
    case GIVE:
        for (int i = 0; i < TREASURE_KINDS; i++)
            if (mine[ITEMS + i])
                out[k++] = ITEM_BASE + i;
        out[k++] = step == RETURN ? NO_ITEM : DONE;
        return k;
    case TARGET:
        if (loc == L_HONEYBOOK) {
            for (int h = 0; h < HOLDERS; h++)
                out[k++] = TARGET_BASE + h;
        } else if (loc == L_STREET) {
            int64_t most = 0;
            for (int h = 0; h < HOLDERS; h++)
                if (h != p && treasures(t, h) > most)
                    most = treasures(t, h);
            for (int h = 0; h < HOLDERS; h++)
                if (h != p && most > 0 && treasures(t, h) == most)
                    out[k++] = TARGET_BASE + h;
        } else if (loc == L_ALLEY) {
            for (int h = 0; h < HOLDERS; h++) {
                const int64_t *o = t->b + h * STRIDE + ITEMS;
                if (h != p && (o[0] || o[1] || o[2] || o[LEGACY]))
                    out[k++] = TARGET_BASE + h;
            }
        } else if (treasures(t, p)) { /* Tivoli */
            for (int h = 0; h < HOLDERS; h++)
                if (h != p)
                    out[k++] = TARGET_BASE + h;
            out[k++] = NO_TARGET;
        }
        return k;
    case CHOICE:
        for (int c = 0; c < r->choices[loc]; c++)
            if (t->ruins[r->choice_item[loc][c]])
                out[k++] = ITEM_BASE + r->choice_item[loc][c];
        return k;
    case ITEM: {
        const int64_t *o = t->b + x * STRIDE + ITEMS;
        int kinds = loc == L_ALLEY ? LEGACY + 1 : TREASURE_KINDS;
        for (int i = 0; i < kinds; i++)
            if (o[i])
                out[k++] = ITEM_BASE + i;
        return k;
    }
    case SLOT:
        out[k++] = SLOT_BASE;
        out[k++] = SLOT_BASE + 1;
        return k;
    case GIVER:
        for (int h = 0; h < HOLDERS; h++)
            if (treasures(t, h))
                out[k++] = TARGET_BASE + h;
        return k;
    case RECEIVER:
        for (int h = 0; h < HOLDERS; h++)
            if (h != x)
                out[k++] = TARGET_BASE + h;
        return k;
    case PICK:
        for (int i = 0; i < TREASURE_KINDS; i++) {
            if ((y >> (4 * i) & NIBBLE) >= r->tree_limit[i])
                continue;
            int any = t->ruins[i] != 0;
            for (int h = 0; h < HOLDERS && !any; h++)
                any = h != p && t->b[h * STRIDE + ITEMS + i];
            if (any)
                out[k++] = ITEM_BASE + i;
        }
        if (k)
            out[k++] = DONE;
        return k;
    default: /* FROM */
        for (int h = 0; h < HOLDERS; h++)
            if (h != p && t->b[h * STRIDE + ITEMS + x])
                out[k++] = TARGET_BASE + h;
        out[k++] = NO_TARGET;
        return k;
    }
}

static void follow(const Rules *r, Table *t, int p, int aid);

/* effects._ask: a follow-up step; none possible ends the turn, one is taken at once. */
static void
ask(const Rules *r, Table *t, int p, int loc, int step, int64_t x, int64_t y)
{
    t->pending[0] = loc;
    t->pending[1] = step;
    t->pending[2] = x;
    t->pending[3] = y;
    t->phase = P_FOLLOW;
    int legal[MAX_LEGAL];
    int k = follow_legal(r, t, p, legal);
    if (k == 0)
        end_turn(r, t);
    else if (k == 1)
        follow(r, t, p, legal[0]);
}

/* Cult of Honeybook: the medal from the Ruins with Will, else from its holders. */
static void
honeybook(const Rules *r, Table *t, int p, int target)
{
    if (t->ruins[MEDAL]) {
        gain(t, target, MEDAL, 1);
        sheet(t, target)[WILL] += r->will[L_HONEYBOOK];
        return;
    }
    for (int h = 0; h < HOLDERS; h++)
        if (h != target && sheet(t, h)[ITEMS + MEDAL] && !attack_blocked(t, p, h))
            move(t, h, target, MEDAL);
}

static void
follow(const Rules *r, Table *t, int p, int aid)
{
    int loc = (int)t->pending[0], step = (int)t->pending[1];
    int64_t x = t->pending[2], y = t->pending[3];
    int seat = aid - TARGET_BASE, item = aid - ITEM_BASE;
    switch (step) {
    case LOOK:
        if (loc == L_ALLURE) {
            look(t, p, seat, 1, 1);
            ask(r, t, p, loc, GIVE_TO, 0, 0);
        } else if (loc == L_WATCHTOWER) {
            look(t, p, seat, 1, 0);
            sheet(t, p)[PROTECT] |= LOOKS;
            end_turn(r, t);
        } else if (loc == L_CATHEDRAL) {
            look(t, p, seat, 1, 0);
            ask(r, t, p, loc, CHOICE, 0, 0);
        } else { /* Soul Recorder */
            look(t, p, seat, 0, 1);
            end_turn(r, t);
        }
        return;
    case GIVE_TO:
        if (aid == NO_TARGET)
            end_turn(r, t);
        else
            ask(r, t, p, loc, GIVE_ITEM, seat, 0);
        return;
    case GIVE_ITEM:
        gain(t, (int)x, item, 1);
        end_turn(r, t);
        return;
    case RETURN:
        if (aid != NO_ITEM) {
            sheet(t, p)[ITEMS + item]--;
            t->ruins[item]++;
        }
        end_turn(r, t);
        return;
    case TARGET:
        if (loc == L_HONEYBOOK) {
            honeybook(r, t, p, seat);
            end_turn(r, t);
        } else if (loc == L_STREET || loc == L_ALLEY) {
            if (attack_blocked(t, p, seat))
                end_turn(r, t);
            else
                ask(r, t, p, loc, ITEM, seat, p);
        } else if (aid == NO_TARGET) { /* Tivoli: a gift reaches a protected player too */
            end_turn(r, t);
        } else {
            ask(r, t, p, loc, GIVE, seat, 0);
        }
        return;
    case CHOICE: {
        int64_t count = 0;
        for (int c = 0; c < r->choices[loc]; c++)
            if (r->choice_item[loc][c] == item)
                count = r->choice_count[loc][c];
        gain(t, p, item, count);
        end_turn(r, t);
        return;
    }
    case ITEM:
        move(t, (int)x, (int)y, item);
        end_turn(r, t);
        return;
    case GIVE:
        if (aid == DONE) {
            end_turn(r, t);
            return;
        }
        move(t, p, (int)x, item);
        if (y + 1 >= r->give_total)
            end_turn(r, t);
        else
            ask(r, t, p, loc, GIVE, x, y + 1);
        return;
    case SLOT:
        exchange_ninth(r, t, p, aid - SLOT_BASE);
        end_turn(r, t);
        return;
    case GIVER:
        ask(r, t, p, loc, RECEIVER, seat, 0);
        return;
    case RECEIVER:
        if (attack_blocked(t, p, (int)x))
            end_turn(r, t);
        else
            ask(r, t, p, loc, ITEM, x, seat);
        return;
    case PICK:
        if (aid == DONE) {
            end_turn(r, t);
            return;
        }
        y += 1LL << (4 * item);
        if (t->ruins[item]) {
            gain(t, p, item, 1);
            ask(r, t, p, loc, PICK, 0, y);
        } else {
            ask(r, t, p, loc, FROM, item, y);
        }
        return;
    default: /* FROM */
        if (aid != NO_TARGET)
            move(t, seat, p, (int)x);
        ask(r, t, p, loc, PICK, 0, y);
        return;
    }
}

/* ---------------------------------------------------------------- placing (effects.place) */

static int
location_cost(const Rules *r, const Table *t, int p, int loc)
{
    if (r->surcharged[loc] >= 0 && !t->b[p * STRIDE + ITEMS + LEGACY])
        return r->surcharged[loc];
    return r->cost[loc];
}

static void
place(const Rules *r, Table *t, int p, int loc)
{
    int64_t *o = sheet(t, p);
    o[WILL] -= location_cost(r, t, p, loc);
    o[PAWNS]--;
    t->spots[loc] = (t->spots[loc] + 1) | (1LL << (p + SEAT_SHIFT));
    switch (loc) {
    case L_CLOCKTOWER:
        t->start = p;
        ask(r, t, p, loc, RETURN, 0, 0);
        return;
    case L_ALLURE:
    case L_WATCHTOWER:
    case L_CATHEDRAL:
    case L_RECORDER:
        ask(r, t, p, loc, LOOK, 0, 0);
        return;
    case L_HONEYBOOK:
    case L_STREET:
    case L_ALLEY:
    case L_TIVOLI:
        ask(r, t, p, loc, TARGET, 0, 0);
        return;
    case L_UNDERGROUND:
        ask(r, t, p, loc, CHOICE, 0, 0);
        return;
    case L_VILLAGE:
        o[PROTECT] |= ATTACKS;
        end_turn(r, t);
        return;
    case L_COMMUNE:
    case L_ENDED:
        end_turn(r, t);
        return;
    case L_CROSSROADS:
        ask(r, t, p, loc, SLOT, 0, 0);
        return;
    case L_DEVILS:
        ask(r, t, p, loc, GIVER, 0, 0);
        return;
    case L_TREE:
        ask(r, t, p, loc, PICK, 0, 0);
        return;
    default: /* the locations that give items from the Ruins and Will */
        for (int i = 0; i < ITEM_KINDS; i++)
            if (r->gain[loc][i])
                gain(t, p, i, r->gain[loc][i]);
        o[WILL] += r->will[loc];
        end_turn(r, t);
        return;
    }
}

/* ---------------------------------------------------------------- setup and chance */

static int
changers(const Rules *r, const Table *t)
{
    int k = 0;
    for (int p = 0; p < r->n; p++)
        k += t->b[p * STRIDE + CHANGED] != 0;
    return k;
}

static void
begin_play(Table *t)
{
    t->phase = P_PLACE;
    t->turn = t->start;
}

static void
after_ghost(const Rules *r, Table *t)
{
    t->dealt = 0;
    if (r->expert)
        t->phase = P_NINTH;
    else
        begin_play(t);
}

static void
begin_assign(Table *t)
{
    t->phase = P_ASSIGN;
    t->turn = t->start;
    t->dealt = 0;
}

static int
is_chance_node(const Table *t)
{
    return t->phase == P_DEAL || t->phase == P_REDEAL || t->phase == P_GHOST
           || t->phase == P_NINTH;
}

/* _sample_chance (rng.choice of the deck) and _apply_chance. */
static void
chance(const Rules *r, Table *t)
{
    int at = below(&t->rng, t->left);
    int card = t->deck[at];
    memmove(t->deck + at, t->deck + at + 1, sizeof(int) * (size_t)(t->left - at - 1));
    t->left--;
    if (t->phase == P_NINTH) {
        t->ninth = card;
        begin_play(t);
        return;
    }
    int k = t->dealt, holder, slot = k % 2;
    if (t->phase == P_DEAL) {
        holder = k / 2;
    } else if (t->phase == P_REDEAL) {
        holder = 0;
        for (int p = 0, seen = 0; p < r->n; p++)
            if (t->b[p * STRIDE + CHANGED] && seen++ == k / 2)
                holder = p;
    } else {
        holder = GHOST;
        slot = k;
    }
    sheet(t, holder)[CARD + slot] = card;
    t->dealt++;
    if (t->phase == P_DEAL && t->dealt == 2 * r->n) {
        t->phase = P_CHANGE;
        t->dealt = 0;
    } else if (t->phase == P_REDEAL && t->dealt == 2 * changers(r, t)) {
        begin_assign(t);
    } else if (t->phase == P_GHOST && t->dealt == 2) {
        after_ghost(r, t);
    }
}

static void
settle(const Rules *r, Table *t)
{
    while (is_chance_node(t))
        chance(r, t);
}

/* CodeOfNineState.setup, then new_game's setup chance. */
static void
new_game(const Rules *r, Table *t, uint64_t seed)
{
    memset(t->b, 0, sizeof(t->b));
    static const int start_will[HOLDERS] = {0, 1, 1, 2};
    for (int h = 0; h < HOLDERS; h++) {
        int64_t *o = sheet(t, h);
        o[CARD] = o[CARD + 1] = -1;
        if (h < r->n) {
            o[WILL] = start_will[h];
            o[PAWNS] = PAWNS_PER_ROUND;
        }
    }
    for (int i = 0; i < ITEM_KINDS; i++)
        t->ruins[i] = r->supply[i];
    if (!r->expert)
        t->ruins[MEDAL] = 0;
    memset(t->spots, 0, sizeof(t->spots));
    memset(t->pending, 0, sizeof(t->pending));
    t->phase = P_DEAL;
    t->round = 1;
    t->start = t->turn = t->dealt = t->released = 0;
    t->ninth = -1;
    memcpy(t->deck, r->deck, sizeof(int) * (size_t)r->deck_size);
    t->left = r->deck_size;
    t->rng = seed;
    t->steps = 0;
    settle(r, t);
}

/* ---------------------------------------------------------------- decisions */

static void
change(const Rules *r, Table *t, int p, int chose_change)
{
    sheet(t, p)[CHANGED] = chose_change ? CHOSE_CHANGE : CHOSE_KEEP;
    for (int q = 0; q < r->n; q++)
        if (!t->b[q * STRIDE + CHANGED])
            return;
    for (int q = 0; q < r->n; q++) {
        int64_t *o = sheet(t, q);
        int changed = o[CHANGED] == CHOSE_CHANGE;
        o[CHANGED] = changed;
        if (changed) {
            o[PAWNS]--;
            t->deck[t->left++] = (int)o[CARD];
            t->deck[t->left++] = (int)o[CARD + 1];
            o[CARD] = o[CARD + 1] = -1;
        }
    }
    if (changers(r, t)) {
        t->phase = P_REDEAL;
        t->dealt = 0;
    } else {
        begin_assign(t);
    }
}

static void
assign(const Rules *r, Table *t, int p, int card)
{
    int64_t *o = sheet(t, p) + CARD;
    if (o[0] != card) {
        int64_t other = o[0];
        o[0] = o[1];
        o[1] = other;
    }
    int next = (p + 1) % r->n;
    if (next != t->start) {
        t->turn = next;
    } else if (r->n == 3) {
        t->phase = P_GHOST;
        t->dealt = 0;
    } else {
        after_ghost(r, t);
    }
}

static void
apply(const Rules *r, Table *t, int p, int a)
{
    if (t->phase == P_PLACE)
        place(r, t, p, a - PLACE_BASE);
    else if (t->phase == P_FOLLOW)
        follow(r, t, p, a);
    else if (t->phase == P_CHANGE)
        change(r, t, p, a == A_CHANGE);
    else
        assign(r, t, p, a - ABYSS_BASE);
}

/* current_players as seat bits (always in seat order). */
static unsigned
deciding(const Rules *r, const Table *t)
{
    if (t->phase == P_ASSIGN || t->phase == P_PLACE || t->phase == P_FOLLOW)
        return 1u << t->turn;
    unsigned bits = 0;
    if (t->phase == P_CHANGE)
        for (int p = 0; p < r->n; p++)
            if (!t->b[p * STRIDE + CHANGED])
                bits |= 1u << p;
    return bits;
}

/* legal_action_ids_unchecked(p) of a deciding seat, into out; their count. */
static int
legal(const Rules *r, const Table *t, int p, int *out)
{
    if (t->phase == P_CHANGE) {
        out[0] = A_CHANGE;
        out[1] = A_KEEP;
        return 2;
    }
    if (t->phase == P_FOLLOW)
        return follow_legal(r, t, p, out);
    if (t->phase == P_ASSIGN) {
        out[0] = ABYSS_BASE + (int)t->b[p * STRIDE + CARD];
        out[1] = ABYSS_BASE + (int)t->b[p * STRIDE + CARD + 1];
        return 2;
    }
    int k = 0; /* placements */
    int64_t will = t->b[p * STRIDE + WILL];
    for (int i = 0; i < LOCATIONS; i++) {
        if (t->round < r->first[i] || t->round > r->last[i] || (r->expert_only[i] && !r->expert))
            continue;
        if (r->places[i] && (t->spots[i] & 0xFF) >= r->places[i])
            continue;
        if (i == L_ENDED && (t->spots[i] >> (p + SEAT_SHIFT) & 1))
            continue;
        if (location_cost(r, t, p, i) > will)
            continue;
        out[k++] = PLACE_BASE + i;
    }
    return k;
}

static void
mask_row(const Rules *r, const Table *t, int p, int8_t *m)
{
    memset(m, 0, COUNT + 1);
    if (!(deciding(r, t) >> p & 1)) {
        m[COUNT] = 1;
        return;
    }
    int ids[LOCATIONS + MAX_LEGAL];
    int k = legal(r, t, p, ids);
    for (int i = 0; i < k; i++)
        m[ids[i]] = 1;
}

static int
is_legal(const Rules *r, const Table *t, int p, int64_t a)
{
    if (a < 0 || a >= COUNT)
        return 0;
    int8_t m[COUNT + 1];
    mask_row(r, t, p, m);
    return m[a];
}

static int
record(Table *t, int p, int a)
{
    if (t->steps == t->capacity) {
        Py_ssize_t grown = t->capacity ? 2 * t->capacity : 256;
        int32_t *history = PyMem_Realloc(t->history, sizeof(int32_t) * 2 * grown);
        if (history == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        t->history = history;
        t->capacity = grown;
    }
    t->history[2 * t->steps] = p;
    t->history[2 * t->steps + 1] = a;
    t->steps++;
    return 0;
}

/* ---------------------------------------------------------------- the packed row (rl/pack.py) */

static void
pack(const Rules *r, const Table *t, int64_t *row)
{
    int n = r->n;
    row[0] = 0;
    row[1] = n == 3;
    row[2] = r->expert;
    row[3] = t->round;
    row[4] = t->phase;
    row[5] = t->start;
    row[6] = t->released;
    row[7] = t->left;
    row[8] = t->ninth;
    for (int j = 0; j < 4; j++)
        row[9 + j] = t->phase == P_FOLLOW ? t->pending[j] : -1;
    row[13] = deciding(r, t);
    int64_t *at = row + 14;
    for (int i = 0; i < ITEM_KINDS; i++)
        at[i] = t->ruins[i];
    at += ITEM_KINDS;
    memcpy(at, t->b, sizeof(t->b));
    at += HOLDERS * STRIDE;
    for (int i = 0; i < LOCATIONS; i++)
        at[i] = t->spots[i] & 0xFF;
    at += LOCATIONS;
    for (int h = 0; h < HOLDERS; h++) {
        const int64_t *o = t->b + h * STRIDE + CARD;
        at[h] = (o[0] >= 0) + (o[1] >= 0);
    }
    at += HOLDERS;
    for (int j = 0; j < 2 * HOLDERS; j++)
        at[j] = -1; /* every card is public only at the end, which is packed in Python */
    at += 2 * HOLDERS;
    for (int p = 0; p < n; p++) {
        const int64_t *o = t->b + p * STRIDE + CARD;
        int mine = t->phase > P_ASSIGN && o[0] >= 0 && o[1] >= 0;
        at[2 * p] = mine ? o[0] : -1;
        at[2 * p + 1] = mine ? o[1] : -1;
    }
    at += 2 * n;
    for (int h = 0; h < HOLDERS; h++)
        at[h] = r->min_score;
    at += HOLDERS;
    for (int i = 0; i < LOCATIONS; i++)
        at[i] = t->spots[i] >> SEAT_SHIFT;
}

static int
append(PyObject *list, Py_ssize_t value)
{
    PyObject *v = PyLong_FromSsize_t(value);
    if (v == NULL)
        return -1;
    int failed = PyList_Append(list, v);
    Py_DECREF(v);
    return failed;
}

/* The dealt hand during setup and the cards each seat has looked at: their flat places
 * in the (tables, players, size) observations, from `first` (CodeOfNinePacker.private_one). */
static int
private_places(const Rules *r, const Table *t, Py_ssize_t first, PyObject *out)
{
    int dealt = t->phase <= P_ASSIGN;
    for (int me = 0; me < r->n; me++) {
        Py_ssize_t row = first + (Py_ssize_t)me * r->size;
        int64_t knows = t->b[me * STRIDE + KNOWS];
        for (int bit = 0; bit < 2 * HOLDERS; bit++) {
            if (!(knows >> bit & 1))
                continue;
            int owner = bit / 2, slot = bit % 2;
            int64_t seen = t->b[owner * STRIDE + CARD + slot];
            int at = r->holder + (owner - me + HOLDERS) % HOLDERS * r->holder_size + r->cards
                     + slot * r->card_count - 1;
            if (append(out, row + at + r->numbers[seen]) < 0)
                return -1;
        }
        for (int s = 0; s < 2 && dealt; s++) {
            int64_t card = t->b[me * STRIDE + CARD + s];
            if (card >= 0 && append(out, row + r->hand - 1 + r->numbers[card]) < 0)
                return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- construction */

static int
number(PyObject *data, const char *name, long lo, long hi, int *out)
{
    PyObject *v = PyDict_GetItemString(data, name);
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "the native Code of Nine's data lacks %s", name);
        return -1;
    }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "the native Code of Nine's %s must be from %ld to %ld, "
                     "got %ld", name, lo, hi, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* A sequence of exactly `length` integers from lo to hi (length -1: at most `max`, the
 * count in *count) into out. */
static int
numbers(PyObject *seq, const char *name, long lo, long hi, int *out, Py_ssize_t max,
        int *count)
{
    PyObject *fast = PySequence_Fast(seq, "the native Code of Nine's data needs sequences");
    if (fast == NULL)
        return -1;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if (size > max || (count == NULL && size != max)) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the native Code of Nine's %s holds %zd numbers, "
                     "%s %zd", name, size, count == NULL ? "not" : "at most", max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((x == -1 && PyErr_Occurred()) || x < lo || x > hi) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "the native Code of Nine's %s must hold "
                             "numbers from %ld to %ld, got %ld", name, lo, hi, x);
            return -1;
        }
        out[i] = (int)x;
    }
    Py_DECREF(fast);
    if (count != NULL)
        *count = (int)size;
    return 0;
}

static int
sequence(PyObject *data, const char *name, long lo, long hi, int *out, Py_ssize_t max,
         int *count)
{
    PyObject *v = PyDict_GetItemString(data, name);
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "the native Code of Nine's data lacks %s", name);
        return -1;
    }
    return numbers(v, name, lo, hi, out, max, count);
}

/* One row of numbers per location (a list of LOCATIONS lists of exactly `width`). */
static int
per_location(PyObject *data, const char *name, long lo, long hi, int *rows, int width)
{
    PyObject *v = PyDict_GetItemString(data, name);
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "the native Code of Nine's data lacks %s", name);
        return -1;
    }
    PyObject *fast = PySequence_Fast(v, "the native Code of Nine's data needs sequences");
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != LOCATIONS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the native Code of Nine's %s needs one row per "
                     "location (%d)", name, LOCATIONS);
        return -1;
    }
    for (int i = 0; i < LOCATIONS; i++) {
        if (numbers(PySequence_Fast_GET_ITEM(fast, i), name, lo, hi, rows + i * width, width,
                    NULL) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int
read_rules(Rules *r, PyObject *data)
{
    if (!PyDict_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "the native Code of Nine's data must be a dict");
        return -1;
    }
    PyObject *layout = PyDict_GetItemString(data, "layout");
    for (size_t i = 0; i < sizeof(LAYOUT) / sizeof(LAYOUT[0]); i++) {
        PyObject *v = layout && PyDict_Check(layout)
                          ? PyDict_GetItemString(layout, LAYOUT[i].name) : NULL;
        if (!v || PyLong_AsLong(v) != LAYOUT[i].value) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError,
                             "the native Code of Nine was built for %s = %ld: rebuild it and "
                             "update _code_of_nine.c", LAYOUT[i].name, LAYOUT[i].value);
            return -1;
        }
    }
    PyObject *ids = PyDict_GetItemString(data, "location_ids");
    PyObject *fast = ids ? PySequence_Fast(ids, "location_ids must be a sequence") : NULL;
    if (fast == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_KeyError, "the native Code of Nine's data lacks location_ids");
        return -1;
    }
    int same = PySequence_Fast_GET_SIZE(fast) == LOCATIONS;
    for (int i = 0; same && i < LOCATIONS; i++) {
        PyObject *id = PySequence_Fast_GET_ITEM(fast, i);
        const char *text = PyUnicode_Check(id) ? PyUnicode_AsUTF8(id) : NULL;
        same = text != NULL && strcmp(text, LOCATION_IDS[i]) == 0;
    }
    Py_DECREF(fast);
    if (!same) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the native Code of Nine knows other locations "
                            "(locations.LOCATION_IDS changed: update _code_of_nine.c)");
        return -1;
    }
    int rows[LOCATIONS * 8];
    if (number(data, "players", 3, HOLDERS, &r->n) < 0
        || number(data, "expert", 0, 1, &r->expert) < 0
        || number(data, "give_total", 0, 1000, &r->give_total) < 0
        || number(data, "width", 0, 1 << 20, &r->width) < 0
        || number(data, "min_score", -(1 << 20), 1 << 20, &r->min_score) < 0
        || number(data, "size", 1, 1 << 20, &r->size) < 0
        || number(data, "holder", 0, 1 << 20, &r->holder) < 0
        || number(data, "holder_size", 0, 1 << 20, &r->holder_size) < 0
        || number(data, "cards", 0, 1 << 20, &r->cards) < 0
        || number(data, "hand", 0, 1 << 20, &r->hand) < 0
        || number(data, "card_count", 1, CARD_COUNT, &r->card_count) < 0
        || sequence(data, "supply", 0, 1000, r->supply, ITEM_KINDS, NULL) < 0
        || sequence(data, "tree_limit", 0, NIBBLE, r->tree_limit, TREASURE_KINDS, NULL) < 0
        || sequence(data, "numbers", 1, r->card_count, r->numbers, CARD_COUNT, NULL) < 0
        || sequence(data, "deck", 0, CARD_COUNT - 1, r->deck, CARD_COUNT, &r->deck_size) < 0)
        return -1;
    /* first, last, cost, cost without a legacy (-1), places, expert, Will */
    if (per_location(data, "locations", -1, 1000, rows, 7) < 0)
        return -1;
    for (int i = 0; i < LOCATIONS; i++) {
        const int *row = rows + i * 7;
        r->first[i] = row[0];
        r->last[i] = row[1];
        r->cost[i] = row[2];
        r->surcharged[i] = row[3];
        r->places[i] = row[4];
        r->expert_only[i] = row[5];
        r->will[i] = row[6];
        if (row[0] < 0 || row[2] < 0 || row[4] < 0 || row[5] > 1 || row[6] < 0)
            goto bad;
    }
    if (per_location(data, "gain", 0, 1000, &r->gain[0][0], ITEM_KINDS) < 0)
        return -1;
    /* Up to MAX_CHOICE (item, count) pairs per location, -1 where none: a choice is
     * of treasures or the legacy (an item action id), each item once. */
    if (per_location(data, "choice", -1, 1000, rows, 2 * MAX_CHOICE) < 0)
        return -1;
    for (int i = 0; i < LOCATIONS; i++) {
        r->choices[i] = 0;
        for (int c = 0; c < MAX_CHOICE; c++) {
            int item = rows[i * 8 + 2 * c], count = rows[i * 8 + 2 * c + 1];
            if (item < 0)
                break;
            if (item > LEGACY || count < 0)
                goto bad;
            for (int d = 0; d < c; d++)
                if (r->choice_item[i][d] == item)
                    goto bad;
            r->choice_item[i][c] = item;
            r->choice_count[i][c] = count;
            r->choices[i]++;
        }
    }
    /* Every card dealt distinct and enough of them for the deal, the ghost and the
     * ninth memory; every private place inside a seat's observation. */
    int seen[CARD_COUNT] = {0};
    for (int c = 0; c < r->deck_size; c++)
        if (seen[r->deck[c]]++)
            goto bad;
    int most = 1;
    for (int c = 0; c < CARD_COUNT; c++)
        if (r->numbers[c] > most)
            most = r->numbers[c];
    if (r->deck_size < 2 * HOLDERS + r->expert
        || r->holder + (HOLDERS - 1) * r->holder_size + r->cards + r->card_count - 1 + most
               >= r->size
        || r->holder + r->cards < 0 || r->hand < 1 || r->hand - 1 + most >= r->size
        || r->width != 14 + ITEM_KINDS + HOLDERS * STRIDE + LOCATIONS + HOLDERS + 2 * HOLDERS
                           + 2 * r->n + HOLDERS + LOCATIONS)
        goto bad;
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "the native Code of Nine's numbers do not fit together "
                    "(a location's numbers, the deck, a choice or the row's layout)");
    return -1;
}

/* The Python object: the tables' set-up, buffers, reset and history, shared with
 * every game's batched engine (rl/native/_tables.h reads Rules, Table, Tables,
 * read_rules, new_game). */
PyDoc_STRVAR(reset_doc,
"reset(table, seed)\n\n"
"A new game at `table`, as game.new_game(players, seed, **options): setup, then the\n"
"deal (and with 3 players the ghost's cards) drawn by the game's own generator.");

#include "_tables.h"

PyDoc_STRVAR(step_doc,
"step(actions) -> list of tables whose game ended\n\n"
"actions: int64 (tables, players). At every table each deciding seat plays its action,\n"
"in seat order (stepping.apply_every_seat with apply_unchecked: chance drawn at once).\n"
"An action that is not legal at a deciding seat raises ValueError before any table\n"
"moves; so does a table whose game has ended (reset it first).");

static PyObject *
Tables_step(Tables *self, PyObject *args)
{
    PyObject *o_actions;
    if (!PyArg_ParseTuple(args, "O:step", &o_actions) || ready(self) < 0)
        return NULL;
    const Rules *r = &self->r;
    Py_buffer view;
    if (buffer(o_actions, &view, 0, 'i', self->count * r->n, "actions") < 0)
        return NULL;
    const int64_t *actions = view.buf;
    for (Py_ssize_t t = 0; t < self->count; t++) {
        const Table *table = &self->tables[t];
        unsigned bits = deciding(r, table);
        if (table->phase == P_OVER) {
            PyBuffer_Release(&view);
            return PyErr_Format(PyExc_ValueError, "table %zd: its game has ended", t);
        }
        for (int p = 0; p < r->n; p++) {
            int64_t a = actions[t * r->n + p];
            if ((bits >> p & 1) && !is_legal(r, table, p, a)) {
                PyBuffer_Release(&view);
                return PyErr_Format(PyExc_ValueError, "table %zd seat %d: action %lld is "
                                    "not legal now", t, p, (long long)a);
            }
        }
    }
    PyObject *ended = PyList_New(0);
    if (ended == NULL)
        goto fail;
    for (Py_ssize_t t = 0; t < self->count; t++) {
        Table *table = &self->tables[t];
        unsigned bits = deciding(r, table);
        for (int p = 0; p < r->n; p++) {
            if (!(bits >> p & 1))
                continue;
            int a = (int)actions[t * r->n + p];
            apply(r, table, p, a);
            if (record(table, p, a) < 0)
                goto fail;
            settle(r, table);
        }
        if (table->phase == P_OVER) {
            PyObject *index = PyLong_FromSsize_t(t);
            if (index == NULL || PyList_Append(ended, index) < 0) {
                Py_XDECREF(index);
                goto fail;
            }
            Py_DECREF(index);
        }
    }
    PyBuffer_Release(&view);
    return ended;
fail:
    PyBuffer_Release(&view);
    Py_XDECREF(ended);
    return NULL;
}

PyDoc_STRVAR(pack_doc,
"pack(out) -> list of private places\n\n"
"Every table's packed row into the int64 (tables, width) `out`, as\n"
"_pack.pack_code_of_nine writes it for the equivalent state, and the flat places of\n"
"the private 1s in the (tables, players, size) observations. No table may have ended\n"
"(an ended game's row holds its scores: Python packs it).");

static PyObject *
Tables_pack(Tables *self, PyObject *args)
{
    PyObject *o_out;
    if (!PyArg_ParseTuple(args, "O:pack", &o_out) || ready(self) < 0)
        return NULL;
    const Rules *r = &self->r;
    Py_buffer view;
    if (buffer(o_out, &view, 1, 'i', self->count * r->width, "out") < 0)
        return NULL;
    PyObject *private = PyList_New(0);
    for (Py_ssize_t t = 0; private != NULL && t < self->count; t++) {
        const Table *table = &self->tables[t];
        if (table->phase == P_OVER) {
            PyErr_Format(PyExc_ValueError, "table %zd: its game has ended", t);
            Py_CLEAR(private);
            break;
        }
        pack(r, table, (int64_t *)view.buf + t * r->width);
        if (private_places(r, table, t * r->n * r->size, private) < 0)
            Py_CLEAR(private);
    }
    PyBuffer_Release(&view);
    return private;
}

PyDoc_STRVAR(masks_doc,
"masks(out)\n\n"
"Every seat's action mask into the int8 (tables, players, COUNT + 1) `out`.");

static PyObject *
Tables_masks(Tables *self, PyObject *args)
{
    PyObject *o_out;
    if (!PyArg_ParseTuple(args, "O:masks", &o_out) || ready(self) < 0)
        return NULL;
    const Rules *r = &self->r;
    Py_buffer view;
    if (buffer(o_out, &view, 1, 'b', self->count * r->n * (COUNT + 1), "out") < 0)
        return NULL;
    int8_t *rows = view.buf;
    for (Py_ssize_t t = 0; t < self->count; t++)
        for (int p = 0; p < r->n; p++)
            mask_row(r, &self->tables[t], p, rows + (t * r->n + p) * (COUNT + 1));
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyMethodDef Tables_methods[] = {
    {"reset", (PyCFunction)Tables_reset, METH_VARARGS, reset_doc},
    {"step", (PyCFunction)Tables_step, METH_VARARGS, step_doc},
    {"pack", (PyCFunction)Tables_pack, METH_VARARGS, pack_doc},
    {"masks", (PyCFunction)Tables_masks, METH_VARARGS, masks_doc},
    {"history", (PyCFunction)Tables_history, METH_VARARGS, history_doc},
    TABLES_SAVE_LOAD_METHODS
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tabletop.games.code_of_nine.native._engine.Tables",
    .tp_doc = "Tables(tables, data): many Code of Nine games in C (see the module).",
    .tp_basicsize = sizeof(Tables),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tables_init,
    .tp_dealloc = (destructor)Tables_dealloc,
    .tp_methods = Tables_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "tabletop.games.code_of_nine.native._engine",
    .m_doc = "Code of Nine's engine in C for the batched env (see the .c file).",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__engine(void)
{
    if (PyType_Ready(&TablesType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&TablesType);
    if (PyModule_AddObject(m, "Tables", (PyObject *)&TablesType) < 0) {
        Py_DECREF(&TablesType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "COUNT", COUNT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
