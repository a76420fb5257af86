/** A 48 x 32 teal PNG, for uploads (a meeting point's photo). */
export const TEAL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WwQkAQAzCukE29en8N0aPEugAIho7NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wf+U7JMNaUlzgAAAABJRU5ErkJggg==',
  'base64',
);
