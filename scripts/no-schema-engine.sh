#!/bin/sh
echo "Prisma's schema-engine binary is not installed (it cannot be downloaded offline)." >&2
echo "Use 'npm run migrate:create' / 'npm run migrate:check'; migrations are applied by Clarion at start." >&2
exit 1
