# A small pseudo-random generator (xorshift32) for the VM scripts: the same
# numbers on every VM and every run, so a trial can be played again.


def rand_from(seed):
    """rand(n): the next number in 0 .. n-1 of the sequence `seed` starts."""
    x = [seed or 1]

    def rand(n):
        v = x[0]
        v ^= (v << 13) & 0xFFFFFFFF
        v ^= v >> 17
        v ^= (v << 5) & 0xFFFFFFFF
        x[0] = v
        return v % n
    return rand
