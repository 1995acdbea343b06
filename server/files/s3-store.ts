import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { AppError } from '../http/app-error';
import type { ObjectBucket, ObjectLocation } from './object-store';
import { sentence } from '../../src/i18n/serverMessage';

/**
 * A bucket of S3 or an S3-compatible service. Region and credentials come from the SDK's own
 * chain (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, profiles, instance roles).
 */
export function s3Bucket({ bucket, endpoint }: ObjectLocation): ObjectBucket {
  // Loaded only with an s3:// FILE_STORE, to keep start-up quick without one.
  const sdk = import('@aws-sdk/client-s3');
  let client: S3Client | undefined;
  const connect = async () => {
    const s3 = await sdk;
    client ??= new s3.S3Client({
      // MinIO, s3rver and other S3-compatible servers name the bucket in the path, not the host,
      // and may not understand the aws-chunked CRC32 bodies the SDK sends by default since 3.729.
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 10_000 },
    });
    return { s3, client };
  };
  return {
    description: `${bucket}${endpoint ? ` at ${endpoint}` : ' on Amazon S3'}`,
    async upload(name, body, size, abortSignal) {
      const { s3, client } = await connect();
      // One PutObject: S3 keeps an object whole or not at all. The length lets the SDK stream the file.
      await client.send(new s3.PutObjectCommand({ Bucket: bucket, Key: name, Body: body, ContentLength: size }), { abortSignal });
    },
    async download(name, abortSignal) {
      const { s3, client } = await connect();
      try {
        return (await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: name }), { abortSignal })).Body as Readable;
      } catch (error) {
        if (error instanceof s3.NoSuchKey) throw new AppError('NOT_FOUND', sentence('files.theFileIsNoLonger'));
        throw error;
      }
    },
    async remove(name, abortSignal) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: name }), { abortSignal });
    },
    async probe(abortSignal) {
      const { s3, client } = await connect();
      try {
        await client.send(new s3.HeadBucketCommand({ Bucket: bucket }), { abortSignal });
      } catch (error) {
        // A HEAD answer has no body, so the SDK's own message for a refusal is only "UnknownError".
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) throw new Error('there is no such bucket');
        if (status === 403) throw new Error('access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)');
        if (status === 301) throw new Error('the bucket is in another region (check AWS_REGION)');
        throw error;
      }
    },
  };
}
