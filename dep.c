__declspec(dllexport) int dep_fn(void) { return 2; }
