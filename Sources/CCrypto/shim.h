#ifndef SIGBENCH_CCRYPTO_SHIM_H
#define SIGBENCH_CCRYPTO_SHIM_H
/* OpenSSL's libcrypto from Debian's libssl-dev: SHA-256 for the capture page's policy hashes. */
#include <openssl/sha.h>
#endif
