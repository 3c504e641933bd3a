// Where the text of a message is (CONTRACT.md §1.3). `content` is a string holding the element JSON; which field
// carries the text depends on the content type. Content that is not the element JSON its type promises is checked
// as the raw string: a malformed element must not be a way around the check.
import { CONTENT_TYPES } from "@wordguard/contracts";

export interface TextField {
  /** the element field the text came from; undefined when the raw content string itself is checked */
  key: string | undefined;
  text: string;
}

export interface TextSource {
  /** the parsed element when the texts come from its fields (needed to re-serialise a masked element) */
  element: Record<string, unknown> | undefined;
  fields: TextField[];
}

const TEXT_FIELD: ReadonlyMap<number, string> = new Map([
  [CONTENT_TYPES.text, "content"],
  [CONTENT_TYPES.atText, "text"],
  [CONTENT_TYPES.quote, "text"],
  [CONTENT_TYPES.advancedText, "text"],
  [CONTENT_TYPES.markdown, "content"],
]);

export function extractText(contentType: number, content: string): TextSource {
  const element = parseElement(content);
  if (contentType === CONTENT_TYPES.custom) return customText(element, content);
  const key = TEXT_FIELD.get(contentType);
  if (element && key !== undefined && typeof element[key] === "string") return { element, fields: [{ key, text: element[key] }] };
  // Not the element JSON of a known type, or a type the policy lists that we have no field map for.
  return raw(content);
}

/**
 * Custom (110): `description` is text for people; `data` is checked when it is text, i.e. not itself a JSON object
 * or array (apps put structured payloads there, whose keys are not what anyone typed).
 */
function customText(element: Record<string, unknown> | undefined, content: string): TextSource {
  if (!element) return raw(content);
  const fields: TextField[] = [];
  if (typeof element["description"] === "string" && element["description"] !== "") {
    fields.push({ key: "description", text: element["description"] });
  }
  const data = element["data"];
  if (typeof data === "string" && data !== "" && !isStructuredJson(data)) fields.push({ key: "data", text: data });
  return { element, fields };
}

function raw(content: string): TextSource {
  return { element: undefined, fields: content === "" ? [] : [{ key: undefined, text: content }] };
}

function parseElement(content: string): Record<string, unknown> | undefined {
  if (content.trimStart()[0] !== "{") return undefined;
  try {
    const value: unknown = JSON.parse(content);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isStructuredJson(text: string): boolean {
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
}
