// Fixture entry point for client/bin.test.ts: prints its arguments and exits with ECHO_EXIT.
const args: string[] = process.argv.slice(2);
console.log(JSON.stringify(args));
process.exit(Number(process.env.ECHO_EXIT ?? 0));
