// opencc-js exposes its dictionaries as "opencc-js/dict/<Name>" (package exports "./*") without typings:
// each is a string "from to|from to|…".
declare module "opencc-js/dict/*" {
  const table: string;
  export default table;
}
