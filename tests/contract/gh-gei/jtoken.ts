/**
 * Newtonsoft.Json's JToken reads as gh-gei writes them: `(string)data["data"]["organization"]["id"]` throws when a
 * step before the last is missing (NullReferenceException) or JSON null / a primitive (InvalidOperationException:
 * "Cannot access child value on Newtonsoft.Json.Linq.JValue"); the last step may be missing or null (a null
 * string). Those exceptions are what RetryPolicy.Retry then retries.
 */

export type JToken = null | boolean | number | string | JToken[] | { [key: string]: JToken };

export class DotNetException extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** `JObject.Parse(text)` / `JToken.Parse(text)`: a JsonReaderException for what is not JSON. */
export function parseJson(text: string): JToken {
  try {
    return JSON.parse(text) as JToken;
  } catch (error) {
    throw new DotNetException('JsonReaderException', String(error));
  }
}

/** `JObject.Parse`: also refuses JSON that is not an object. */
export function parseObject(text: string): { [key: string]: JToken } {
  const token = parseJson(text);
  if (token === null || typeof token !== 'object' || Array.isArray(token)) {
    throw new DotNetException('JsonReaderException', 'Error reading JObject from JsonReader.');
  }
  return token;
}

/** `root[a][b]…`: undefined when the last key is absent (C# null). */
export function at(root: JToken | undefined, ...path: (string | number)[]): JToken | undefined {
  let current: JToken | undefined = root;
  for (const key of path) {
    if (current === undefined) {
      throw new DotNetException(
        'NullReferenceException',
        'Object reference not set to an instance of an object.',
      );
    }
    if (current === null || typeof current !== 'object') {
      throw new DotNetException(
        'InvalidOperationException',
        'Cannot access child value on Newtonsoft.Json.Linq.JValue.',
      );
    }
    if (Array.isArray(current)) {
      if (typeof key !== 'number') {
        throw new DotNetException(
          'ArgumentException',
          `Accessed JArray values with invalid key value: "${key}".`,
        );
      }
      current = current[key];
    } else {
      current = current[String(key)];
    }
  }
  return current;
}

/** `(string)token`: null for absent or JSON null; a number or boolean as .NET writes it. */
export function asString(token: JToken | undefined): string | null {
  if (token === undefined || token === null) return null;
  if (typeof token === 'string') return token;
  if (typeof token === 'number') return String(token);
  if (typeof token === 'boolean') return token ? 'True' : 'False';
  throw new DotNetException(
    'ArgumentException',
    `Can not convert ${Array.isArray(token) ? 'Array' : 'Object'} to String.`,
  );
}

/** `(int)token`: absent → ArgumentNullException; null or non-integer → ArgumentException/FormatException. */
export function asInt(token: JToken | undefined): number {
  if (token === undefined) throw new DotNetException('ArgumentNullException', 'Value cannot be null.');
  if (typeof token === 'number' && Number.isInteger(token)) return token;
  if (typeof token === 'string' && /^\s*[+-]?\d+\s*$/.test(token)) return Number.parseInt(token, 10);
  throw new DotNetException('ArgumentException', `Can not convert ${JSON.stringify(token)} to Int32.`);
}

/** `(int?)token`: null for absent or JSON null. */
export function asNullableInt(token: JToken | undefined): number | null {
  return token === undefined || token === null ? null : asInt(token);
}

/** `(JArray)token`: C# null stays null (a later `foreach` throws); anything else but an array is a bad cast. */
export function asArray(token: JToken | undefined): JToken[] {
  if (Array.isArray(token)) return token;
  if (token === undefined) {
    throw new DotNetException(
      'NullReferenceException',
      'Object reference not set to an instance of an object.',
    );
  }
  throw new DotNetException('InvalidCastException', 'Unable to cast object to type JArray.');
}

/** `(JObject)token` for a page-info selector: an absent one is C# null (gh-gei then stops paging). */
export function asObjectOrNull(token: JToken | undefined): { [key: string]: JToken } | null {
  if (token === undefined) return null;
  if (token !== null && typeof token === 'object' && !Array.isArray(token)) return token;
  throw new DotNetException('InvalidCastException', 'Unable to cast object to type JObject.');
}
