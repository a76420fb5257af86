'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** Silence after which listening stops (docs/requirements/rider.md#booking-by-chat), in ms. */
export const VOICE_SILENCE_MS = 2_000;

type Alternative = { transcript: string };
type RecognitionResult = { isFinal: boolean; 0: Alternative; length: number };
type RecognitionEvent = { results: { length: number; [index: number]: RecognitionResult } };
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start: () => void;
  stop: () => void;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
};
type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | undefined {
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** Why voice input did not work, for the composer to say: no recognizer, microphone refused, none found, no speech, other. */
export type VoiceProblem = 'unsupported' | 'denied' | 'noMicrophone' | 'noSpeech' | 'failed';

function problemOf(error: string): VoiceProblem {
  if (error === 'not-allowed' || error === 'service-not-allowed') return 'denied';
  if (error === 'audio-capture') return 'noMicrophone';
  if (error === 'no-speech') return 'noSpeech';
  return 'failed';
}

/**
 * Dictation through the Web Speech API in the page's language: continuous,
 * stopping after 2 s without speech. `onText` gets the text so far (what was
 * typed before plus the transcript); `problem` says why it did not work (no
 * recognizer, microphone refused...) until the next try; `onUnsupported` also
 * runs where the browser has no recognizer.
 */
export function useVoiceInput({ lang, onText, onUnsupported }: { lang: string; onText: (text: string) => void; onUnsupported?: () => void }) {
  const [listening, setListening] = useState(false);
  const [problem, setProblem] = useState<VoiceProblem | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const silence = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stop = useCallback(() => {
    clearTimeout(silence.current);
    recognition.current?.stop();
  }, []);

  const start = useCallback(
    (typed: string) => {
      const Recognizer = recognitionClass();
      setProblem(null);
      if (!Recognizer) {
        setProblem('unsupported');
        onUnsupported?.();
        return;
      }
      const rec = new Recognizer();
      const prefix = typed.trim() ? `${typed.trim()} ` : '';
      const armSilence = () => {
        clearTimeout(silence.current);
        silence.current = setTimeout(() => rec.stop(), VOICE_SILENCE_MS);
      };
      rec.lang = lang;
      rec.continuous = true;
      rec.interimResults = true;
      rec.onresult = (event) => {
        let transcript = '';
        for (let i = 0; i < event.results.length; i++) transcript += event.results[i][0].transcript;
        onText(prefix + transcript.trim());
        armSilence();
      };
      rec.onerror = (event) => {
        if (event.error !== 'aborted') setProblem(problemOf(event.error));
        rec.stop();
      };
      rec.onend = () => {
        clearTimeout(silence.current);
        recognition.current = null;
        setListening(false);
      };
      recognition.current = rec;
      try {
        rec.start();
        setListening(true);
        armSilence();
      } catch {
        setProblem('failed');
        recognition.current = null;
      }
    },
    [lang, onText, onUnsupported],
  );

  useEffect(
    () => () => {
      clearTimeout(silence.current);
      recognition.current?.stop();
    },
    [],
  );

  return { listening, problem, start, stop };
}
