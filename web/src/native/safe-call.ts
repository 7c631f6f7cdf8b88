// Native features fail quietly, as the spec says: the error is logged and the caller gets nothing back.
export async function safeCall<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    console.error(`[native] ${what} failed`, err);
    return undefined;
  }
}
