// The scanner's object and frame readers, included by kinetix_scan.c once per number
// reader: `SCAN(name)` names this copy's functions, `READ_NUMBER` is its number reader.

/// The object of named points at `*at` (see kinetix_read_plain_points) into `values`
/// (x, y and confidence of point p at p, 64 + p and 128 + p) and `*found`; 1 and `*at`
/// past the `}`, or 0.
static int SCAN(read_points)(const unsigned char *b, long long count, long long *at,
                       const unsigned char *names, const unsigned char *lengths, int name_count,
                       float values[3 * 64], uint64_t *found) {
    long long i = skip_space(b, *at, count);
    if (i >= count || b[i] != '{') return 0;
    i = skip_space(b, i + 1, count);
    uint64_t present = 0, seen = 0;
    int next = 0;  // the name after the last one read: usually the next key
    if (i < count && b[i] == '}') {
        *found = 0;
        *at = i + 1;
        return 1;
    }
    for (;;) {
        if (count - i < 18) return 0;
        // Names are tried from the expected one on, wrapping around once.
        int point = next, tried = 0;
        while (tried < name_count && !(lengths[point] <= 16 && key_is(b, i, names + 16 * point, lengths[point]))) {
            point = point + 1 == name_count ? 0 : point + 1;
            tried++;
        }
        if (tried == name_count || (seen >> point & 1)) return 0;  // unknown, or a second time
        seen |= 1ull << point;
        i = skip_space(b, i + 2 + lengths[point], count);
        if (i >= count || b[i] != ':') return 0;
        i = skip_space(b, i + 1, count);
        if (i >= count || b[i] != '[') return 0;
        i++;
        double x, y, confidence;
        if (!READ_NUMBER(b, count, &i, ',', &x) || !READ_NUMBER(b, count, &i, ',', &y)
            || !READ_NUMBER(b, count, &i, ']', &confidence)) return 0;
        if (confidence != 0) {  // confidence 0 means not detected
            present |= 1ull << point;
            values[point] = (float)x;
            values[64 + point] = (float)y;
            values[128 + point] = (float)confidence;
        }
        next = point + 1 == name_count ? 0 : point + 1;
        i = skip_space(b, i, count);
        if (i >= count) return 0;
        if (b[i] == '}') break;
        if (b[i] != ',') return 0;
        i = skip_space(b, i + 1, count);
    }
    *found = present;
    *at = i + 1;
    return 1;
}

static long long SCAN(read_plain_points)(const unsigned char *b, long long count, long long index,
                                    const unsigned char *names, const unsigned char *lengths, int name_count,
                                    float *x, float *y, float *confidence, unsigned long long *found) {
    if (name_count <= 0 || name_count > 64 || index < 0 || index > count) return -1;
    float values[3 * 64];
    uint64_t present;
    long long i = index;
    if (!SCAN(read_points)(b, count, &i, names, lengths, name_count, values, &present)) return -1;
    store_points(values, present, x, y, confidence);
    *found = present;
    return i;
}

static long long SCAN(read_plain_frame)(const unsigned char *b, long long count, long long index,
                                   const unsigned char *names, const unsigned char *lengths, int name_count,
                                   double *time, float *x, float *y, float *confidence, unsigned long long *found) {
    if (name_count <= 0 || name_count > 64 || index < 0 || index > count) return -1;
    long long i = skip_space(b, index, count);
    if (i >= count || b[i] != '{') return -1;
    i = skip_space(b, i + 1, count);
    float values[3 * 64];
    uint64_t present = 0;
    double t = 0;
    int members = 0;  // bit 0: "t" read, bit 1: "joints" read
    for (;;) {
        if (count - i < 18) return -1;
        int member = key_is(b, i, time_key, 1) ? 1 : key_is(b, i, joints_key, 6) ? 2 : 0;
        if (member == 0 || (members & member)) return -1;  // another member, or a second time
        members |= member;
        i = skip_space(b, i + (member == 1 ? 3 : 8), count);
        if (i >= count || b[i] != ':') return -1;
        i++;
        if (member == 1) {
            // The last member's number ends at the `}`, which the loop reads: step back to it.
            if (READ_NUMBER(b, count, &i, ',', &t)) i--;
            else if (READ_NUMBER(b, count, &i, '}', &t)) i--;
            else return -1;
        } else if (!SCAN(read_points)(b, count, &i, names, lengths, name_count, values, &present)) {
            return -1;
        }
        i = skip_space(b, i, count);
        if (i >= count) return -1;
        if (b[i] == '}') break;
        if (b[i] != ',') return -1;
        i = skip_space(b, i + 1, count);
    }
    if (members != 3) return -1;
    *time = t;
    store_points(values, present, x, y, confidence);
    *found = present;
    return i + 1;
}

