#!/usr/bin/env bash
# Runs a command with the Firebase Auth emulator up (firebase sets FIREBASE_AUTH_EMULATOR_HOST for it).
# The test suites start their own emulator (scripts/firebase-emulator.ts); this is for trying the
# Google button by hand:
#   scripts/with-firebase-emulator.sh "FIREBASE_PROJECT_ID=demo-graj-razem FIREBASE_API_KEY=fake npm run serve"
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx scripts/firebase-emulator.ts install
exec .cache/firebase-tools/node_modules/.bin/firebase emulators:exec --only auth --project demo-graj-razem "$@"
